/* stock_worth.c: treasure that grows with depth and toward the leader
 * (stock_worth.h): the factors a room's coin and its chances of a
 * valuable and a magic item are taken by. */
#include "stock/stock_worth.h"

/* Half as much again by the far end of a level; as much again for each
 * level down. */
#define WORTH_INWARD 0.5
#define WORTH_DEEPER 1.0

double stock_worth_inward(int number, int rooms)
{
	double inward = rooms > 1 && number > 1 ? 1.0 + WORTH_INWARD * (double)(number - 1) / (rooms - 1) : 1.0;
	return inward < 1.0 + WORTH_INWARD ? inward : 1.0 + WORTH_INWARD;
}

double stock_worth_scale(int depth, int number, int rooms)
{
	double deeper = 1.0 + WORTH_DEEPER * (depth > 1 ? depth - 1 : 0);
	return deeper * stock_worth_inward(number, rooms);
}

long stock_worth_coin(long coin, double scale)
{
	double v = (double)coin * scale;
	if (v < 100)
		return (long)(v + 0.5);
	double unit = 1;   /* two figures, as a treasure's coin is counted: 4,700, not 4,667 */
	while (v / unit >= 100)
		unit *= 10;
	return (long)(v / unit + 0.5) * (long)unit;
}
