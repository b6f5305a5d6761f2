# mapsheet: build, test, install. See README.md.
# `make deps` installs the Debian packages; `make` builds ./mapsheet;
# `make check` runs every test suite; `make demo` writes example sheets;
# `make dist` packs mapsheet-VERSION.tar.gz and `make distcheck` proves it.

# The one version number: --version, the PDF's creator, the sheets' footers
# and the tarball's name take it from here; check_release holds the man
# pages' headers and NEWS to it.
VERSION  = 0.1.0

# Where `make install` puts things, by GNU's names; each can be overridden
# on the command line (make install PREFIX=/usr DESTDIR=/tmp/stage).
# DATADIR is GNU's datadir; the templates go to $(DATADIR)/mapsheet, the
# folder compiled into the program (PKGDATADIR), without DESTDIR.
PREFIX      ?= /usr/local
DESTDIR     ?=
EXEC_PREFIX  = $(PREFIX)
BINDIR       = $(EXEC_PREFIX)/bin
DATAROOTDIR  = $(PREFIX)/share
DATADIR      = $(DATAROOTDIR)
PKGDATADIR   = $(DATADIR)/mapsheet
MANDIR       = $(DATAROOTDIR)/man
DOCDIR       = $(DATAROOTDIR)/doc/mapsheet
# where bash-completion looks: its own setting moved to PREFIX when it is
# installed, else the folder it searches under every XDG data folder
COMPLETIONSDIR = $(or $(shell pkg-config --define-variable=prefix='$(PREFIX)' \
	--variable=completionsdir bash-completion 2>/dev/null),$(DATAROOTDIR)/bash-completion/completions)
INSTALL         = install
INSTALL_PROGRAM = $(INSTALL)
INSTALL_DATA    = $(INSTALL) -m 644

CC      ?= cc
PKGS     = cairo pangocairo pango harfbuzz fontconfig zlib
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CPPFLAGS_ALL = -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -Irender \
	-DMAPSHEET_VERSION='"$(VERSION)"' -DMAPSHEET_DATADIR='"$(PKGDATADIR)"' $(JSON_CFLAGS) $(ZIP_CFLAGS) $(CPPFLAGS)
GFX_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
GFX_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lhpdf
# the local server (mapsheet serve) is libmicrohttpd's
HTTP_CFLAGS := $(shell pkg-config --cflags libmicrohttpd 2>/dev/null)
HTTP_LIBS  := $(shell pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd) -lpthread
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)
JSON_CFLAGS := $(shell pkg-config --cflags jansson 2>/dev/null)
JSON_LIBS  := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)
# the tabletop modules are zip archives (src/export/zip_archive.c), libzip's
ZIP_CFLAGS := $(shell pkg-config --cflags libzip 2>/dev/null)
ZIP_LIBS   := $(shell pkg-config --libs libzip 2>/dev/null || echo -lzip)
# the core reads JSON maps (src/read/) with jansson
LDLIBS_CORE = $(JSON_LIBS) $(ZIP_LIBS) -lm

B = build
BIN = mapsheet

# The one list of which files make what (tests/fuzz/run.sh asks for it with
# `make -s core-sources`): src/ minus the program's glue (main, the run and
# its output formats, the server) is the core, linked against no graphics
# library; render/ draws. Folders are roles: see src/README.md.
SRC_ALL    = $(shell find src -name '*.c' | LC_ALL=C sort)
PROG_SRC   = src/main.c src/app/run.c src/app/output.c $(wildcard src/serve/*.c)
CORE_SRC   = $(filter-out $(PROG_SRC),$(SRC_ALL))
RENDER_SRC = $(shell find render -name '*.c' | LC_ALL=C sort)
CORE_OBJ   = $(CORE_SRC:%.c=$(B)/%.o)
RENDER_OBJ = $(RENDER_SRC:%.c=$(B)/%.o)
PROG_OBJ   = $(PROG_SRC:%.c=$(B)/%.o)

# tests/check_*.c are Check suites, one program each; those named
# check_render_*.c link the renderer too; the browser's suites link its
# driver (tests/cdp*.c) and read screenshots with Cairo.
TEST_SRC        = $(wildcard tests/check_*.c)
TEST_RENDER_SRC = $(filter tests/check_render%.c,$(TEST_SRC))
TEST_BROWSER_SRC = $(filter tests/check_cdp.c tests/check_browser.c,$(TEST_SRC))
TEST_CORE_SRC   = $(filter-out $(TEST_RENDER_SRC) $(TEST_BROWSER_SRC),$(TEST_SRC))
CDP_OBJ         = $(B)/tests/cdp.o $(B)/tests/cdp_launch.o
TEST_BIN        = $(TEST_SRC:tests/%.c=$(B)/tests/%)
TEST_SUPPORT    = $(B)/tests/testutil.o $(B)/tests/invariants.o $(B)/tests/testrun.o $(B)/tests/httpget.o

DEPS = $(shell find $(B) -name '*.d' 2>/dev/null)

.PHONY: all core-sources deps check demo install uninstall clean golden sanitize fuzz bench valgrind dist distcheck FORCE
all: $(BIN) $(B)/mapsheet.bash

# The values compiled in, kept in a file that changes only when they do;
# the sources that name them are rebuilt then, so `make install
# PREFIX=/opt/x` after a plain `make` compiles in the right template folder.
BUILD_CONFIG = $(B)/build-config
$(BUILD_CONFIG): FORCE
	@mkdir -p $(B)
	@printf 'VERSION=%s\nPKGDATADIR=%s\n' '$(VERSION)' '$(PKGDATADIR)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
CONFIG_USERS := $(shell grep -rl --include='*.c' -e MAPSHEET_VERSION -e MAPSHEET_DATADIR src render tests 2>/dev/null)
$(CONFIG_USERS:%.c=$(B)/%.o): $(BUILD_CONFIG)

$(BIN): $(PROG_OBJ) $(CORE_OBJ) $(RENDER_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(GFX_LIBS) $(HTTP_LIBS) $(LDLIBS_CORE)

$(B)/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CPPFLAGS_ALL) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

$(PROG_OBJ): CPPFLAGS_ALL += $(HTTP_CFLAGS)

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

$(TEST_BROWSER_SRC:tests/%.c=$(B)/tests/%): $(B)/tests/%: $(B)/tests/%.o $(CDP_OBJ) $(TEST_SUPPORT) $(CORE_OBJ)
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
# from the shipped templates and tests/fuzz/corpus/, with its dictionary
# tests/fuzz/NAME.dict; FUZZ_ONLY="read_json config" runs only those; a
# crash input is kept under tests/fuzz/crashes.
FUZZ_SECONDS ?= 30
FUZZ_ONLY ?=
fuzz:
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_ONLY)

# valgrind memcheck over the demo runs and a few failing runs; any error or
# leak fails (tests/valgrind.sh; outside make check, it takes a while).
valgrind: $(BIN)
	@sh tests/valgrind.sh

# The benchmark: tests/bench*.c, built optimised, run outside make check.
BENCH_SRC = $(wildcard tests/bench*.c)
$(B)/bench: $(BENCH_SRC:tests/%.c=$(B)/tests/%.o) $(B)/tests/httpget.o $(CORE_OBJ) $(RENDER_OBJ)
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

core-sources:
	@echo $(CORE_SRC)

# Installed: the program, every file under templates/, every page in
# man/ (by its section), the bash completion, and LICENSE, NEWS, README.md.
TEMPLATE_DIRS  = $(shell find templates -type d | LC_ALL=C sort)
TEMPLATE_FILES = $(shell find templates -type f | LC_ALL=C sort)
MAN_PAGES      = $(wildcard man/*.[1-9])
DOC_FILES      = LICENSE NEWS README.md

# the completion script, made by `make` so that `sudo make install` builds
# nothing as root
$(B)/mapsheet.bash: $(BIN)
	@echo "  GEN     $@"
	@./$(BIN) --completion bash > $@.tmp && mv $@.tmp $@

install: $(BIN) $(B)/mapsheet.bash
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)'
	$(INSTALL_PROGRAM) $(BIN) '$(DESTDIR)$(BINDIR)/mapsheet'
	for d in $(TEMPLATE_DIRS:templates%=%); do $(INSTALL) -d "$(DESTDIR)$(PKGDATADIR)$$d" || exit 1; done
	for f in $(TEMPLATE_FILES:templates/%=%); do \
		$(INSTALL_DATA) "templates/$$f" "$(DESTDIR)$(PKGDATADIR)/$$f" || exit 1; done
	for p in $(MAN_PAGES); do \
		$(INSTALL) -d "$(DESTDIR)$(MANDIR)/man$${p##*.}" && \
		$(INSTALL_DATA) "$$p" "$(DESTDIR)$(MANDIR)/man$${p##*.}/" || exit 1; done
	$(INSTALL) -d '$(DESTDIR)$(COMPLETIONSDIR)'
	$(INSTALL_DATA) $(B)/mapsheet.bash '$(DESTDIR)$(COMPLETIONSDIR)/mapsheet'
	$(INSTALL) -d '$(DESTDIR)$(DOCDIR)'
	$(INSTALL_DATA) $(DOC_FILES) '$(DESTDIR)$(DOCDIR)/'

# Removes every file install wrote and mapsheet's own folders (the templates'
# and the docs'); folders other programs share (bin, man/man1, the
# completions folder) stay, even when empty. Needs no build.
uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/mapsheet' '$(DESTDIR)$(COMPLETIONSDIR)/mapsheet'
	for f in $(TEMPLATE_FILES:templates/%=%); do rm -f "$(DESTDIR)$(PKGDATADIR)/$$f"; done
	for d in $(shell find templates -depth -type d | sed 's|^templates||'); do \
		rmdir "$(DESTDIR)$(PKGDATADIR)$$d" 2>/dev/null || true; done
	rmdir '$(DESTDIR)$(PKGDATADIR)' 2>/dev/null || true
	for p in $(notdir $(MAN_PAGES)); do rm -f "$(DESTDIR)$(MANDIR)/man$${p##*.}/$$p"; done
	for f in $(DOC_FILES); do rm -f "$(DESTDIR)$(DOCDIR)/$$f"; done
	rmdir '$(DESTDIR)$(DOCDIR)' 2>/dev/null || true

# The release tarball: every file git tracks but the CI script and
# .gitignore, as they are in the work tree, under mapsheet-VERSION/, dated
# by the last commit (or SOURCE_DATE_EPOCH), owned by root, in name order.
DIST_NAME = mapsheet-$(VERSION)
dist:
	@sh tests/make-dist.sh $(DIST_NAME)

# Builds, tests, installs (into PREFIX and into a DESTDIR), runs, renders
# the man pages of, and uninstalls the tarball, outside this tree.
distcheck: dist
	@sh tests/distcheck.sh $(DIST_NAME)

clean:
	rm -rf $(B) build-san build-fuzz mapsheet demo

-include $(DEPS)
