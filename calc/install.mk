# calc/install.mk - the shared library, manual pages, bash completion, and
# "make install" / "make uninstall" (included by the top-level Makefile).
#
# Installed, under PREFIX (default /usr/local) and DESTDIR:
#   bin/bloomcalc, bin/bloomsim                 the programs
#   lib/libbloomcalc.so.MAJOR.MINOR.PATCH       the calculator library, soname libbloomcalc.so.MAJOR,
#   lib/libbloomcalc.so.MAJOR, .so, .a          its links and the static archive
#   lib/pkgconfig/bloomcalc.pc                  pkg-config file (private dependencies listed)
#   include/bloomcalc/*.h                       the public headers only (calc/include/bloomcalc)
#   share/man/man1/bloomcalc.1, bloomsim.1      generated from the programs' own --help texts
#   share/man/man3/bloomcalc.3                  the library API, with an example
#   share/bash-completion/completions/          completion for both programs, generated from --help
#
# The simulator's library (libbloomsim.a) and the command-line layer
# (libbloomcli.a) are internal to the two programs and are not installed.

BLOOMCALC_VERSION_PART = $(shell sed -n 's/^\#define BLOOMCALC_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' \
                           calc/include/bloomcalc/version.h)
VERSION_MAJOR := $(call BLOOMCALC_VERSION_PART,MAJOR)
VERSION       := $(VERSION_MAJOR).$(call BLOOMCALC_VERSION_PART,MINOR).$(call BLOOMCALC_VERSION_PART,PATCH)

BINDIR        ?= $(PREFIX)/bin
LIBDIR        ?= $(PREFIX)/lib
INCLUDEDIR    ?= $(PREFIX)/include
MANDIR        ?= $(PREFIX)/share/man
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
PKGCONFIGDIR  ?= $(LIBDIR)/pkgconfig

SONAME          = libbloomcalc.so.$(VERSION_MAJOR)
CALC_SHARED_LIB = $(BUILD)/libbloomcalc.so.$(VERSION)
PUBLIC_HEADERS  = $(wildcard calc/include/bloomcalc/*.h)
MAN_PAGES       = $(BUILD)/man/bloomcalc.1 $(BUILD)/man/bloomsim.1 $(BUILD)/man/bloomcalc.3
COMPLETIONS     = $(BUILD)/completion/bloomcalc $(BUILD)/completion/bloomsim
PKGCONFIG_FILE  = $(BUILD)/bloomcalc.pc

# The library's objects are position-independent, for the shared library,
# and hidden but for what the public headers declare with BLOOM_EXPORT
# (calc/include/bloomcalc/export.h): the shared object exports exactly its API.
PIC_calc_src = -fPIC -fvisibility=hidden

$(CALC_SHARED_LIB): $(call objects,$(CALC_SOURCES))
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) $^ $(CALC_LIBS) -o $@
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libbloomcalc.so

# Manual pages and completion come from the programs' --help texts, so that
# they cannot drift apart from them (calc/cli/manpage.sh, completion.sh).
$(BUILD)/man/%.1: $(BUILD)/% $(BUILD)/bloomcalc calc/cli/manpage.sh
	@mkdir -p $(dir $@)
	sh calc/cli/manpage.sh $< $(VERSION) $(BUILD)/bloomcalc > $@.utf8
	preconv -e utf-8 $@.utf8 | sed '/^\.lf /d' > $@.tmp && mv $@.tmp $@ && rm $@.utf8

$(BUILD)/man/bloomcalc.3: calc/bloomcalc.3 calc/include/bloomcalc/version.h
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/g' calc/bloomcalc.3 > $@

$(BUILD)/completion/%: $(BUILD)/% calc/cli/completion.sh
	@mkdir -p $(dir $@)
	sh calc/cli/completion.sh $< > $@.tmp && mv $@.tmp $@

$(PKGCONFIG_FILE): calc/bloomcalc.pc.in calc/include/bloomcalc/version.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' calc/bloomcalc.pc.in > $@

INSTALLED_FILES = $(BINDIR)/bloomcalc $(BINDIR)/bloomsim \
                  $(LIBDIR)/libbloomcalc.a $(LIBDIR)/libbloomcalc.so.$(VERSION) $(LIBDIR)/$(SONAME) \
                  $(LIBDIR)/libbloomcalc.so $(PKGCONFIGDIR)/bloomcalc.pc \
                  $(addprefix $(INCLUDEDIR)/bloomcalc/,$(notdir $(PUBLIC_HEADERS))) \
                  $(MANDIR)/man1/bloomcalc.1 $(MANDIR)/man1/bloomsim.1 $(MANDIR)/man3/bloomcalc.3 \
                  $(COMPLETIONDIR)/bloomcalc $(COMPLETIONDIR)/bloomsim

install: all $(PKGCONFIG_FILE)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	  $(DESTDIR)$(INCLUDEDIR)/bloomcalc $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
	  $(DESTDIR)$(COMPLETIONDIR)
	install -m 755 $(PROGRAMS) $(DESTDIR)$(BINDIR)/
	install -m 644 $(CALC_LIB) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(CALC_SHARED_LIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libbloomcalc.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libbloomcalc.so
	install -m 644 $(PKGCONFIG_FILE) $(DESTDIR)$(PKGCONFIGDIR)/
	install -m 644 $(PUBLIC_HEADERS) $(DESTDIR)$(INCLUDEDIR)/bloomcalc/
	install -m 644 $(BUILD)/man/bloomcalc.1 $(BUILD)/man/bloomsim.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(BUILD)/man/bloomcalc.3 $(DESTDIR)$(MANDIR)/man3/
	install -m 644 $(COMPLETIONS) $(DESTDIR)$(COMPLETIONDIR)/
	@if [ -z "$(DESTDIR)" ] && command -v ldconfig >/dev/null && [ "$$(id -u)" = 0 ]; then ldconfig; fi

# Removes exactly the files install wrote, then the folders it made if empty.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/bloomcalc 2>/dev/null
	@if [ -z "$(DESTDIR)" ] && command -v ldconfig >/dev/null && [ "$$(id -u)" = 0 ]; then ldconfig; fi
