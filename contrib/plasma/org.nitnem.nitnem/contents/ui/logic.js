// SPDX-License-Identifier: GPL-3.0-or-later
// The Plasma half of the widget's running of nitnem, shared unchanged by the Plasma 6 and 5.27
// variants: the executable data source runs each command as a shell line (every argv word quoted,
// ~/.local/bin searched) and hands back its exit code, stdout and stderr; a failed status run is tried
// again later. What nitnem printed, and which argv a control runs, is read by widget.js, the logic
// the GNOME Shell extension loads too (contrib/shared/widget.js, made a QML resource by gen-5.sh).
// No Plasma or Qt imports: qmltestrunner (Qt 5 and 6) tests it.
.pragma library
.import "widget.js" as Widget

/** argv[0]: found on the PATH plasmashell has, else in ~/.local/bin (see `command`). */
var PROGRAM = 'nitnem';

/** A failed status run is tried again after this long, doubled each time up to MAX_RETRY_MS. */
var RETRY_MS = 2000;
var MAX_RETRY_MS = 5 * 60 * 1000;

/**
 * One argv word for `sh -c`: single-quoted, a `'` inside written as `'\''`.
 *
 * @param {string} word - any text
 * @returns {string} the quoted word
 */
function shellQuote(word) {
    return "'" + String(word).replace(/'/g, "'\\''") + "'";
}

/**
 * The command line the executable data source runs (with `/bin/sh -c`) for `argv`: every word
 * quoted, `~/.local/bin` (where `make install` puts nitnem) searched after plasmashell's PATH. The
 * command line is also the source's name, and the engine hands a source still cached its last
 * data instead of running it again: `run`, a number the widget counts up, ends it as a comment so
 * every run is a new source.
 *
 * @param {string[]} argv - the program and its arguments
 * @param {number} run - the widget's count of runs
 * @returns {string} the shell command
 */
function command(argv, run) {
    return 'PATH="${PATH:+$PATH:}$HOME/.local/bin"; exec ' + argv.map(shellQuote).join(' ') + ' # ' + (run | 0);
}

/**
 * What one run of the executable data source gave: `{ok, stdout, error}`; `error` is nitnem's
 * one-line error (widget.js's errorLine) when the command failed.
 *
 * @param {object} data - the data source's `{"exit code", "stdout", "stderr"}`
 * @returns {object} the result
 */
function result(data) {
    var code = data['exit code'];
    var stdout = typeof data.stdout === 'string' ? data.stdout : '';
    if (code === 0)
        return {ok: true, stdout: stdout, error: null};
    return {ok: false, stdout: stdout, error: Widget.errorLine(data.stderr, code)};
}

/**
 * How long to wait before running status again after `failures` failed runs in a row (a missing
 * nitnem must not make the widget spin); 0 after a run that printed.
 */
function retryDelay(failures) {
    if (failures <= 0)
        return 0;
    return Math.min(RETRY_MS * Math.pow(2, failures - 1), MAX_RETRY_MS);
}
