# mapsheet: build, test, install. See README.md.
# `make deps` installs the Debian packages; `make` builds ./mapsheet;
# `make check` runs every test suite; `make demo` writes example sheets.

PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/mapsheet
MANDIR   = $(PREFIX)/share/man
COMPDIR  = $(PREFIX)/share/bash-completion/completions
VERSION  = 0.1.0

CC      ?= cc
PKGS     = cairo pangocairo pango harfbuzz fontconfig zlib
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -Irender \
	-DMAPSHEET_VERSION='"$(VERSION)"' -DMAPSHEET_DATADIR='"$(DATADIR)"' $(CPPFLAGS)
GFX_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
GFX_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lhpdf
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)
LDLIBS_CORE = -lm

B = build
BIN = mapsheet

# src/ minus the program's own glue is the core: no graphics library.
PROG_SRC   = src/main.c src/output.c
CORE_SRC   = $(filter-out $(PROG_SRC),$(wildcard src/*.c))
RENDER_SRC = $(wildcard render/*.c)
CORE_OBJ   = $(CORE_SRC:%.c=$(B)/%.o)
RENDER_OBJ = $(RENDER_SRC:%.c=$(B)/%.o)
PROG_OBJ   = $(patsubst %.c,$(B)/%.o,$(filter $(PROG_SRC),$(wildcard src/*.c)))

# tests/check_*.c are Check suites, one program each; those named
# check_render_*.c link the renderer too.
TEST_SRC        = $(wildcard tests/check_*.c)
TEST_RENDER_SRC = $(filter tests/check_render%.c,$(TEST_SRC))
TEST_CORE_SRC   = $(filter-out $(TEST_RENDER_SRC),$(TEST_SRC))
TEST_BIN        = $(TEST_SRC:tests/%.c=$(B)/tests/%)
TEST_SUPPORT    = $(B)/tests/testutil.o $(B)/tests/invariants.o $(B)/tests/testrun.o

DEPS = $(shell find $(B) -name '*.d' 2>/dev/null)

.PHONY: all deps check demo install uninstall clean golden sanitize fuzz bench valgrind
all: $(BIN)

$(BIN): $(PROG_OBJ) $(CORE_OBJ) $(RENDER_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GFX_LIBS) $(LDLIBS_CORE)

$(B)/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS_ALL) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

$(B)/src/main.o $(B)/src/cli.o $(B)/src/output.o: CPPFLAGS_ALL += $(GFX_CFLAGS)

$(B)/render/%.o: render/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS_ALL) $(GFX_CFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

$(B)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS_ALL) $(GFX_CFLAGS) $(CFLAGS) $(WARN) -Wno-missing-prototypes -MMD -MP -c -o $@ $<

$(TEST_CORE_SRC:tests/%.c=$(B)/tests/%): $(B)/tests/%: $(B)/tests/%.o $(TEST_SUPPORT) $(CORE_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS_CORE)

$(TEST_RENDER_SRC:tests/%.c=$(B)/tests/%): $(B)/tests/%: $(B)/tests/%.o $(TEST_SUPPORT) $(CORE_OBJ) $(RENDER_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(GFX_LIBS) $(LDLIBS_CORE)

check: $(BIN) $(TEST_BIN)
	@MAPSHEET_BIN=./$(BIN) sh tests/run-tests.sh $(B)/tests

# The whole test suite again, built with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report fails the run).
SAN = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	@LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
		$(MAKE) --no-print-directory B=build-san BIN=build-san/mapsheet \
		CFLAGS="-O1 -g $(SAN)" LDFLAGS="$(SAN)" check

# libFuzzer harnesses (clang): each runs FUZZ_SECONDS on a corpus seeded
# from the shipped templates; a crash input is kept under tests/fuzz/crashes.
FUZZ_SECONDS ?= 30
fuzz:
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# valgrind memcheck over the demo runs and a few failing runs; any error or
# leak fails (tests/valgrind.sh; outside make check, it takes a while).
valgrind: $(BIN)
	@sh tests/valgrind.sh

# The benchmark: tests/bench*.c, built optimised, run outside make check.
BENCH_SRC = $(wildcard tests/bench*.c)
$(B)/bench: $(BENCH_SRC:tests/%.c=$(B)/tests/%.o) $(CORE_OBJ) $(RENDER_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GFX_LIBS) $(LDLIBS_CORE)

bench: $(BIN) $(B)/bench
	@MAPSHEET_BIN=./$(BIN) $(B)/bench

golden: $(BIN)
	@sh tests/make-golden.sh

demo: $(BIN)
	@sh tests/make-demo.sh demo

deps:
	@sh tests/install-deps.sh

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/mapsheet
	cp -R templates/. $(DESTDIR)$(DATADIR)/
	install -m 644 man/mapsheet.1 $(DESTDIR)$(MANDIR)/man1/mapsheet.1
	install -m 644 man/mapsheet-templates.5 $(DESTDIR)$(MANDIR)/man5/mapsheet-templates.5
	install -m 644 man/mapsheet-json.5 $(DESTDIR)$(MANDIR)/man5/mapsheet-json.5
	install -d $(DESTDIR)$(COMPDIR)
	./$(BIN) --completion bash > $(DESTDIR)$(COMPDIR)/mapsheet

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mapsheet
	rm -rf $(DESTDIR)$(DATADIR)
	rm -f $(DESTDIR)$(MANDIR)/man1/mapsheet.1 $(DESTDIR)$(MANDIR)/man5/mapsheet-templates.5
	rm -f $(DESTDIR)$(MANDIR)/man5/mapsheet-json.5
	rm -f $(DESTDIR)$(COMPDIR)/mapsheet

clean:
	rm -rf $(B) build-san build-fuzz mapsheet demo

-include $(DEPS)
