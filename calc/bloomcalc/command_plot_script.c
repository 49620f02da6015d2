/*
 * command_plot_script.c - the gnuplot script of "bloomcalc plot": the
 * curves as inline data blocks (no file beside the picture), logarithmic
 * axes (the rate spans many decades below the target and the keys two
 * and more below N), the target p, 2p and 10p as horizontal lines and the
 * planned N as a vertical one.  Text is drawn noenhanced (a library name
 * such as guava@33 is not markup) in DejaVu Sans, the font gnuplot-nox's
 * cairo terminals find on Debian (fonts-dejavu-core).
 */
#include <stdio.h>   /* before gmp.h, which declares gmp_fprintf only after it */

#include <gmp.h>

#include "commands.h"
#include "rate_curve.h"

/* The terminal: the picture's size in pixels, or the dumb terminal's 79 x 24 characters. */
static void put_terminal(FILE *script, const bloomcalc_plot_drawing *plot)
{
    static const char font[] = "font 'DejaVu Sans,10' noenhanced";
    if (plot->picture == BLOOMCALC_PICTURE_TERMINAL)
        fputs("set terminal dumb size 79,24 noenhanced\n", script);
    else
        fprintf(script, "set terminal %s size %lu,%lu %s\n",
                plot->picture == BLOOMCALC_PICTURE_PNG ? "pngcairo" : "svg", plot->width,
                plot->height, font);
    fputs("set output\n", script);
}

static void put_axes(FILE *script, const bloomcalc_plot_drawing *plot)
{
    fputs("set title 'false-positive rate of the planned filter as it holds more keys'\n"
          "set xlabel 'keys held'\n"
          "set ylabel 'false-positive rate'\n"
          "set logscale xy\n"
          "set format x '%g'\n"
          "set format y '%g'\n"
          "set autoscale xfix\n"
          "set key bottom right\n", script);
    if (plot->picture != BLOOMCALC_PICTURE_TERMINAL)
        fputs("set grid\n", script);
    gmp_fprintf(script, "set arrow from %Zd, graph 0 to %Zd, graph 1 nohead dashtype 2 back\n"
                "set label 'N' at %Zd, graph 1 offset 0.5,-1 front\n", plot->n, plot->n, plot->n);
}

/* Curve i as the data block $curveI: keys held, rate. */
static void put_curve(FILE *script, const bloom_rate_curve *curve, size_t i)
{
    fprintf(script, "$curve%zu << EOD\n", i);
    for (size_t j = 0; j < curve->count; j++)
        if (curve->rates[j] > 0)   /* a rate below a double's range has no place on a log axis */
            gmp_fprintf(script, "%Zd %.17g\n", curve->keys[j], curve->rates[j]);
    fputs("EOD\n", script);
}

/* The plot command: the curves, then p, 2p and 10p.  Each library its own colour (gnuplot's
 * own cycle repeats after eight); past these, the colours again, dashed. */
static void put_plot(FILE *script, const bloomcalc_plot_drawing *plot)
{
    static const struct { unsigned long times; const char *title; int dashes; } lines[] = {
        { 1, "target p", 2 }, { 2, "2p", 3 }, { 10, "10p", 4 } };
    static const char *const colours[] = { "#9400d3", "#009e73", "#56b4e9", "#e69f00", "#f0e442",
                                           "#0072b2", "#e51e10", "#000000", "#8c564b", "#17becf",
                                           "#7f7f7f", "#bcbd22", "#ff7f0e", "#1f3a93" };
    size_t palette = sizeof colours / sizeof colours[0];
    double p = mpq_get_d(plot->p);
    fputs("plot", script);
    for (size_t i = 0; i < plot->count; i++)
        fprintf(script, "%s $curve%zu using 1:2 with lines linewidth 2 linecolor '%s' dashtype %zu "
                "title '%s'", i ? "," : "", i, colours[i % palette], i / palette + 1, plot->titles[i]);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        fprintf(script, ", %.17g with lines linecolor 'black' dashtype %d title '%s'",
                p * (double)lines[i].times, lines[i].dashes, lines[i].title);
    fputs("\n", script);
}

void bloomcalc_plot_script(FILE *script, const bloomcalc_plot_drawing *plot)
{
    put_terminal(script, plot);
    put_axes(script, plot);
    for (size_t i = 0; i < plot->count; i++)
        put_curve(script, &plot->curves[i], i);
    put_plot(script, plot);
}
