/*
 * command_plot.c - "bloomcalc plot N P": the rate of the planned filter as
 * the keys it holds grow, drawn by gnuplot to a PNG or SVG file or to the
 * terminal.  The filter is the one "bloomcalc plan N P" plans with the
 * same description options (description.h, sizing_given.h:
 * bloom_plan_request, then bloom_description_settle), and each point is
 * its fpr_layout at that many keys (rate_curve.h); --libraries draws each
 * library's own plan for N and P side by side.  Parsing, calling and the
 * picture's plumbing only: the script is command_plot_script.c's, the
 * rates the library's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "description.h"
#include "gnuplot.h"
#include "library_rules.h"
#include "options.h"
#include "plan.h"
#include "rate_curve.h"

static const char description[] =
    "Draws the false-positive rate of the planned filter against the keys it\n"
    "holds: the filter of 'bloomcalc plan N P' with the same description options\n"
    "(its bits, hash count and shape fixed, as deployed), its rate fpr_layout at\n"
    "keys from N/128 up to --keys-max (default 4N), eight points a doubling\n"
    "(N, 2N and 4N among them), with horizontal lines at the target p, 2p and 10p\n"
    "and a vertical line at N, on logarithmic axes.  --libraries a,b,c draws one\n"
    "curve per library, each its own plan for N and P (as 'bloomcalc compare').\n"
    "gnuplot draws it: to --output FILE, PNG or SVG as the name ends (.png, .svg),\n"
    "--width x --height pixels, after which one line says what was written; or,\n"
    "with --terminal, as text (gnuplot's dumb terminal, 79 x 24) on standard\n"
    "output.  Each rate is rounded to 24 bits (plotting precision), correctly.\n"
    "A Ribbon (rocksdb-ribbon) is solved for its N keys and has no curve.\n"
    "Exit status 1 when gnuplot is missing or fails, or FILE cannot be written.";

/* What the picture is drawn as: from --output's extension, or --terminal. */
typedef struct picture_choice {
    const char *file;
    int terminal;
    unsigned long width, height;
    bloomcalc_picture kind;
} picture_choice;

/* Every library, once each: the most curves --libraries draws. */
#define MAX_CURVES 32

/* The curves and what they are of. */
typedef struct plot_curves {
    bloom_rate_curve curves[MAX_CURVES];
    const char *titles[MAX_CURVES];
    size_t count;
} plot_curves;

/* The picture's kind from --output's extension or --terminal; 2 after one line when neither or both. */
static int choose_picture(picture_choice *picture, const bloom_command_line *line)
{
    static const char accepted[] = "accepted: --output FILE ending in .png or .svg, or --terminal";
    int file = bloom_options_given(line, "output");
    if (file == picture->terminal) {
        bloom_options_error(line, "%s; %s", file ? "--output and --terminal both say where the plot "
                                                   "goes, give one" : "needs where the plot goes", accepted);
        return BLOOM_EXIT_USAGE;
    }
    if (picture->terminal) {
        picture->kind = BLOOMCALC_PICTURE_TERMINAL;
        return BLOOM_EXIT_SUCCESS;
    }
    const char *slash = strrchr(picture->file, '/');
    const char *base = slash != NULL ? slash + 1 : picture->file;
    const char *dot = strrchr(base, '.');
    int named = dot != NULL && dot > base;   /* ".png" alone is a hidden file's whole name */
    if (named && strcasecmp(dot, ".png") == 0)
        picture->kind = BLOOMCALC_PICTURE_PNG;
    else if (named && strcasecmp(dot, ".svg") == 0)
        picture->kind = BLOOMCALC_PICTURE_SVG;
    else {
        bloom_options_error(line, "--output: '%s' does not end in .png or .svg, the formats the plot "
                            "is drawn in; %s", picture->file, accepted);
        return BLOOM_EXIT_USAGE;
    }
    return BLOOM_EXIT_SUCCESS;
}

/* The libraries of --libraries "a,b,c" into libraries[]; 2 after one line for a name that is none. */
static int read_libraries(int *libraries, size_t *count, const char *list, const bloom_command_line *line)
{
    char *copy = strdup(list), *rest = copy, *name;
    if (copy == NULL)
        abort();
    int status = BLOOM_EXIT_SUCCESS;
    *count = 0;
    while (status == BLOOM_EXIT_SUCCESS && (name = strsep(&rest, ",")) != NULL) {
        int found = -1;
        for (int i = 0; bloom_library_names[i] != NULL && found < 0; i++)
            if (strcmp(name, bloom_library_names[i]) == 0)
                found = i;
        if (found < 0 || *count == MAX_CURVES) {
            bloom_options_error(line, "--libraries: '%s' %s; accepted: library names of --library "
                                "(see 'bloomcalc plot --help'), separated by commas", name,
                                found < 0 ? "is not a library" : "is one curve too many");
            status = BLOOM_EXIT_USAGE;
        } else {
            libraries[(*count)++] = found;
        }
    }
    free(copy);
    return status;
}

/* A Ribbon has no curve: 2 after one line naming the option that chose it. */
static int refuse_ribbon(const bloom_command_line *line)
{
    bloom_options_error(line, "%s: rocksdb-ribbon is a Ribbon, solved for its N keys, which holds no "
                        "more, so it has no rate to draw against more keys; accepted: another library",
                        bloom_options_given(line, "libraries") ? "--libraries" : "--library");
    return BLOOM_EXIT_USAGE;
}

/* The filter "plan N P" plans for `described`, settled, and its curve up to keys_max. */
static int plan_curve(bloom_rate_curve *curve, const bloom_layout_description *described, mpz_ptr n,
                      mpq_srcptr p, mpz_srcptr keys_max, bloom_command_line *line)
{
    bloom_given given = { 1, 1, 0, 0 };
    mpz_t m;
    mpq_t c;
    mpz_init(m);
    mpq_init(c);
    bloom_plan plan;
    bloom_plan_init(&plan);
    int planned = BLOOM_OK;
    /* no -k (the plan chooses k, or the library does); one LSM level: no LSM field is drawn */
    int status = bloom_plan_request(&plan, &planned, &given, n, m, p, c, 0, 1, described, line);
    if (status == BLOOM_EXIT_SUCCESS && planned != BLOOM_OK)
        status = bloom_results_exit(line, planned);
    if (status == BLOOM_EXIT_SUCCESS) {
        bloom_deployed_filter filter;
        status = bloom_description_settle(&filter, described, plan.m_bits, plan.n, plan.k,
                                          plan.k_fixed, line);
        if (status == BLOOM_EXIT_SUCCESS && filter.layout.kind == BLOOM_LAYOUT_RIBBON)
            status = refuse_ribbon(line);
        if (status == BLOOM_EXIT_SUCCESS)
            status = bloom_results_exit(line, bloom_rate_curve_compute(curve, &filter.layout, keys_max));
        bloom_deployed_filter_clear(&filter);
    }
    bloom_plan_clear(&plan);
    mpz_clear(m);
    mpq_clear(c);
    return status;
}

/* One curve per library of --libraries, or the one described filter. */
static int plan_curves(plot_curves *plot, const bloom_layout_description *described, const char *list,
                       mpz_ptr n, mpq_srcptr p, mpz_srcptr keys_max, bloom_command_line *line)
{
    int libraries[MAX_CURVES] = { described->library };
    size_t count = 1;
    int status = BLOOM_EXIT_SUCCESS;
    if (list != NULL && bloom_description_given(line)) {
        bloom_options_error(line, "--libraries: each library fixes its own filter's shape, so the "
                            "description options are refused beside it; accepted: --libraries "
                            "alone, or --library NAME and the other description options without it");
        return BLOOM_EXIT_USAGE;
    }
    if (list != NULL)
        status = read_libraries(libraries, &count, list, line);
    for (size_t i = 0; i < count && status == BLOOM_EXIT_SUCCESS; i++) {
        bloom_layout_description each = *described;
        each.library = libraries[i];
        plot->titles[i] = each.library != 0 || list != NULL ? bloom_library_names[each.library]
                                                            : bloom_layout_names[each.layout];
        status = plan_curve(&plot->curves[i], &each, n, p, keys_max, line);
        plot->count = i + 1;
    }
    return status;
}

/* Removes the temporary picture and says why the file is not written: 1. */
static int unwritten(char *temporary, const char *file, const char *why, const bloom_command_line *line)
{
    if (temporary != NULL)
        unlink(temporary);
    bloom_options_error(line, "--output: cannot write '%s': %s", file, why);
    return BLOOM_EXIT_FAILURE;
}

/* gnuplot on the script, its picture into descriptor `output`; 1 after one line when it fails. */
static int run_gnuplot(int output, const bloomcalc_plot_drawing *plot, const bloom_command_line *line)
{
    char error[512];
    bloom_gnuplot run;
    if (bloom_gnuplot_start(&run, output, error, sizeof error) == 0) {
        bloomcalc_plot_script(run.script, plot);
        if (bloom_gnuplot_finish(&run, error, sizeof error) == 0)
            return BLOOM_EXIT_SUCCESS;
    }
    bloom_options_error(line, "%s", error);
    return BLOOM_EXIT_FAILURE;
}

/* The picture into FILE: beside it under a temporary name, renamed when whole; then one line. */
static int draw_file(const bloomcalc_plot_drawing *plot, const picture_choice *picture,
                     const bloom_command_line *line)
{
    char *temporary = NULL;
    int descriptor = bloom_temporary_beside(&temporary, picture->file);
    int status = descriptor < 0 ? unwritten(NULL, picture->file, strerror(errno), line)
                                : run_gnuplot(descriptor, plot, line);
    struct stat written;
    if (status == BLOOM_EXIT_SUCCESS && (fstat(descriptor, &written) != 0 || written.st_size == 0))
        status = unwritten(temporary, picture->file, "gnuplot wrote nothing", line);
    else if (status == BLOOM_EXIT_SUCCESS && (fsync(descriptor) != 0 || rename(temporary, picture->file) != 0))
        status = unwritten(temporary, picture->file, strerror(errno), line);
    else if (status != BLOOM_EXIT_SUCCESS && descriptor >= 0)
        unlink(temporary);
    if (descriptor >= 0)
        close(descriptor);
    if (status == BLOOM_EXIT_SUCCESS)
        printf("%s: %s, %lu x %lu, %lld bytes\n", picture->file,
               picture->kind == BLOOMCALC_PICTURE_PNG ? "PNG" : "SVG", picture->width,
               picture->height, (long long)written.st_size);
    free(temporary);
    return status;
}

/* The text plot on standard output, copied from gnuplot's only once it succeeded. */
static int draw_terminal(const bloomcalc_plot_drawing *plot, const bloom_command_line *line)
{
    FILE *text = tmpfile();
    if (text == NULL) {
        bloom_options_error(line, "--terminal: cannot hold gnuplot's plot: %s", strerror(errno));
        return BLOOM_EXIT_FAILURE;
    }
    int status = run_gnuplot(fileno(text), plot, line);
    char buffer[4096];
    size_t length;
    rewind(text);
    while (status == BLOOM_EXIT_SUCCESS && (length = fread(buffer, 1, sizeof buffer, text)) > 0)
        fwrite(buffer, 1, length, stdout);
    fclose(text);
    return status;
}

/* --keys-max X, or 4N when it is not given; 2 after one line when X is not above N. */
static int settle_keys_max(mpz_ptr keys_max, mpz_srcptr n, const bloom_command_line *line)
{
    if (!bloom_options_given(line, "keys-max")) {
        mpz_mul_ui(keys_max, n, 4);
        return BLOOM_EXIT_SUCCESS;
    }
    if (mpz_cmp(keys_max, n) > 0)
        return BLOOM_EXIT_SUCCESS;
    bloom_options_error(line, "--keys-max: the curve runs from N/128 up to it, so it must exceed the "
                        "N keys planned; accepted: a count above N (default 4N)");
    return BLOOM_EXIT_USAGE;
}

/* Plans, computes and draws, once the command line is read. */
static int plot_parsed(mpz_ptr n, mpq_srcptr p, mpz_ptr keys_max, const bloom_layout_description *deployed,
                       const char *libraries, picture_choice *picture, bloom_command_line *line)
{
    bloom_given given;
    int status = bloom_given_read(&given, line, "bloomcalc plot 1e6 1% --terminal");
    if (status == BLOOM_EXIT_SUCCESS)
        status = choose_picture(picture, line);
    if (status == BLOOM_EXIT_SUCCESS)
        status = settle_keys_max(keys_max, n, line);
    if (status != BLOOM_EXIT_SUCCESS)
        return status;
    plot_curves curves = { .count = 0 };
    status = plan_curves(&curves, deployed, libraries, n, p, keys_max, line);
    bloomcalc_plot_drawing plot = { curves.curves, curves.titles, curves.count, n, p, picture->kind,
                            picture->width, picture->height };
    if (status == BLOOM_EXIT_SUCCESS)
        status = picture->terminal ? draw_terminal(&plot, line) : draw_file(&plot, picture, line);
    for (size_t i = 0; i < curves.count; i++)
        bloom_rate_curve_clear(&curves.curves[i]);
    return status;
}

int bloomcalc_plot(int argc, char **argv, int first)
{
    mpz_t n, keys_max;
    mpq_t p;
    mpz_inits(n, keys_max, (mpz_ptr)0);
    mpq_init(p);
    bloom_layout_description deployed = BLOOM_LAYOUT_DESCRIPTION_DEFAULTS;
    const char *libraries = NULL;
    picture_choice picture = { NULL, 0, 800, 500, BLOOMCALC_PICTURE_PNG };
    const char *unit = NULL;
    bloom_option options[8 + BLOOM_DESCRIPTION_OPTION_COUNT + BLOOM_DESCRIPTION_UNIT_OPTION_COUNT] = {
        { .long_name = "keys", .short_name = 'n', .kind = BLOOM_OPTION_COUNT, .destination = n,
          .value_name = "N", .help = "keys the filter is planned for", .count_minimum = "1",
          .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "rate", .short_name = 'p', .kind = BLOOM_OPTION_RATE, .destination = p,
          .value_name = "P", .help = "target false-positive rate", .rate_minimum = BLOOM_MIN_RATE_TEXT },
        { .long_name = "output", .kind = BLOOM_OPTION_TEXT, .destination = &picture.file,
          .value_name = "FILE", .help = "draw into FILE, PNG or SVG as its name ends (.png, .svg), "
          "replaced only when the picture is whole" },
        { .long_name = "terminal", .kind = BLOOM_OPTION_FLAG, .destination = &picture.terminal,
          .help = "draw as text on standard output (gnuplot's dumb terminal, 79 x 24)" },
        { .long_name = "width", .kind = BLOOM_OPTION_UNSIGNED, .destination = &picture.width,
          .value_name = "W", .help = "picture width in pixels (default 800)", .minimum = 200,
          .maximum = 10000 },
        { .long_name = "height", .kind = BLOOM_OPTION_UNSIGNED, .destination = &picture.height,
          .value_name = "H", .help = "picture height in pixels (default 500)", .minimum = 150,
          .maximum = 10000 },
        { .long_name = "keys-max", .kind = BLOOM_OPTION_COUNT, .destination = keys_max,
          .value_name = "X", .help = "the most keys drawn, above N (default 4N)",
          .count_minimum = "2", .count_maximum = BLOOM_MAX_SIZE_TEXT },
        { .long_name = "libraries", .kind = BLOOM_OPTION_TEXT, .destination = &libraries,
          .value_name = "LIST", .help = "one curve per library, each its own plan for N and P: "
          "names of --library separated by commas (none: the textbook filter)" },
    };
    size_t count = 8 + bloom_description_option_table(options + 8, &deployed);
    count += bloom_unit_refused_options(options + count, &unit);
    static const char *const positional[] = { "keys", "rate", NULL };
    bloom_command_line line = { "bloomcalc", "plot", "N P [OPTIONS]", description, options, count,
                                positional };
    bloom_options_outcome parsed = bloom_options_parse(&line, argc, argv, first);
    int status = bloom_options_exit_status(parsed);
    if (parsed == BLOOM_OPTIONS_PARSED)
        status = bloom_unit_refusal(&line, "plot draws the rate of one filter against the keys it "
                                    "holds; a deployment's: 'bloomcalc plan' with the unit");
    if (parsed == BLOOM_OPTIONS_PARSED && status == BLOOM_EXIT_SUCCESS)
        status = plot_parsed(n, p, keys_max, &deployed, libraries, &picture, &line);
    mpz_clears(n, keys_max, (mpz_ptr)0);
    mpq_clear(p);
    return status;
}
