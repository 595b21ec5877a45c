// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the nitnem KDE Plasma widget, shared unchanged by the Plasma 6 and 5.27 variants:
// the commands it runs (each an argv, quoted word by word for the executable data source's shell),
// and what `nitnem status --format json --changed-from TOKEN` printed: its `display` (the label, the
// tooltip's lines, today's banis and the actions, each with the argv it runs, all worded by nitnem
// in the user's language: nothing is worded here) and the token to wait on. No Plasma or Qt
// imports: qmltestrunner (Qt 5 and 6) tests it.
.pragma library

/** argv[0]: found on the PATH plasmashell has, else in ~/.local/bin (see `command`). */
var PROGRAM = 'nitnem';

/** The token that matches no output: the first run prints at once. */
var NO_TOKEN = 'new';

/** A failed status run is tried again after this long, doubled each time up to MAX_RETRY_MS. */
var RETRY_MS = 2000;
var MAX_RETRY_MS = 5 * 60 * 1000;

/** `nitnem status --format json` prints a few KiB; more is not its output. */
var MAX_OUTPUT = 256 * 1024;

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
 * `nitnem status --format json --changed-from TOKEN`: prints at once when what status shows differs
 * from the output named by `token`, else blocks until it changes; prints one line and exits.
 *
 * @param {(string|null)} token - the `changeToken` of the output shown, or null before the first
 * @returns {string[]} argv
 */
function statusArgv(token) {
    var t = typeof token === 'string' && /^[0-9a-f]{16}$/.test(token) ? token : NO_TOKEN;
    return [PROGRAM, 'status', '--format', 'json', '--changed-from', t];
}

/** `url` when it is a nitnem deep link (`sggs://…`, no spaces or control characters), else null. */
function safeUrl(url) {
    if (typeof url !== 'string' || url.length > 2048)
        return null;
    return /^sggs:\/\/[A-Za-z0-9_\-./?=&%~+:]*$/.test(url) ? url : null;
}

var MARK_WORD = /^(--day|--undo|[A-Za-z0-9_][A-Za-z0-9_./-]*)$/;

/**
 * Whether `argv` (from nitnem's display) is one the widget runs: `nitnem mark …` (ids, days,
 * `--day`, `--undo`), `nitnem open [<deep link>]` or `nitnem listen [<deep link>]`. The output is
 * only data: it must not make the widget run another program or an option it did not mean.
 */
function isCommand(argv) {
    if (!Array.isArray(argv) || argv[0] !== PROGRAM || !argv.every(function (w) { return typeof w === 'string' }))
        return false;
    var rest = argv.slice(2);
    if (argv[1] === 'mark')
        return rest.length > 0 && rest.every(function (w) { return MARK_WORD.test(w) });
    return (argv[1] === 'open' || argv[1] === 'listen') && rest.length <= 1 &&
        rest.every(function (w) { return safeUrl(w) !== null });
}

function fail(message) {
    throw new Error(message);
}

function object(value, path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        fail(path + ': expected an object');
    return value;
}

function array(value, path) {
    if (!Array.isArray(value))
        fail(path + ': expected an array');
    return value;
}

function string(value, path) {
    if (typeof value !== 'string')
        fail(path + ': expected a string');
    return value;
}

function parseJSON(text, what) {
    if (typeof text !== 'string' || text.trim() === '')
        fail(what + ' is empty');
    if (text.length > MAX_OUTPUT)
        fail(what + ' is ' + text.length + ' characters, more than nitnem prints');
    try {
        return JSON.parse(text);
    } catch (e) {
        fail(what + ' is not JSON (' + e.message + ')');
    }
    return null;
}

function commands(value, path) {
    return array(value, path).map(function (v, i) {
        var c = object(v, path + '[' + i + ']');
        if (!isCommand(c.argv))
            fail(path + '[' + i + '].argv: expected a nitnem mark, open or listen command');
        return {id: string(c.id, path + '[' + i + '].id'), label: string(c.label, path + '[' + i + '].label'),
            next: c.next === true, argv: c.argv};
    });
}

/**
 * What one `status --changed-from` run printed: `{token, error, dayComplete, label, tooltip, lines,
 * items: [{id, label, next, argv}], actions: [{id, label, argv}]}`, from its `display`; `error` is
 * the files' problem when nitnem could not read them (`{"error": …}`, which has a display too).
 *
 * @param {string} text - its stdout
 * @returns {object} the status
 * @throws {Error} naming what is wrong
 */
function parseStatus(text) {
    var root = object(parseJSON(text, 'the status'), '$');
    if (root.display === undefined)
        fail('$.display: missing: nitnem is older than this widget');
    var d = object(root.display, '$.display');
    var lines = array(d.lines, '$.display.lines').map(function (l, i) { return string(l, '$.display.lines[' + i + ']') });
    return {
        token: typeof root.changeToken === 'string' ? root.changeToken : null,
        error: typeof root.error === 'string' ? root.error : null,
        dayComplete: root.dayComplete === true,
        label: string(d.label, '$.display.label'),
        tooltip: lines.join('\n'),
        lines: lines,
        items: commands(d.items, '$.display.items'),
        actions: commands(d.actions, '$.display.actions'),
        journey: parseJourney(d.journey, '$.display.journey'),
    };
}

/** The states nitnem gives a day of the journey. */
var DAY_STATES = ['complete', 'inProgress', 'partial', 'none', 'future'];

/**
 * nitnem's `display.journey` (the month as nitnem words it), checked, with its days as the cells of
 * a 7-column grid: `offset` (nitnem's) blank cells first, so the 1st falls under its weekday. Layout
 * only, no date arithmetic: `{title, streaks, weekdays[7], cells[{blank, number, mark, state, today,
 * name}]}`; null when the display has none (an older nitnem).
 *
 * @param {*} value - `display.journey`
 * @param {string} path - where it is, for errors
 * @returns {(object|null)} the journey
 */
function parseJourney(value, path) {
    if (value === undefined || value === null)
        return null;
    var j = object(value, path);
    var weekdays = array(j.weekdays, path + '.weekdays').map(function (w, i) { return string(w, path + '.weekdays[' + i + ']') });
    if (weekdays.length !== 7)
        fail(path + '.weekdays: expected 7 names');
    if (typeof j.offset !== 'number' || j.offset % 1 !== 0 || j.offset < 0 || j.offset > 6)
        fail(path + '.offset: expected a whole number from 0 to 6');
    var cells = [];
    for (var b = 0; b < j.offset; b++)
        cells.push({blank: true, number: '', mark: '', state: '', today: false, name: ''});
    array(j.days, path + '.days').forEach(function (v, i) {
        var at = path + '.days[' + i + ']';
        var d = object(v, at);
        if (DAY_STATES.indexOf(d.state) < 0)
            fail(at + '.state: expected one of ' + DAY_STATES.join(', '));
        cells.push({blank: false, number: string(d.number, at + '.number'), mark: string(d.mark, at + '.mark'),
            state: d.state, today: d.today === true, name: string(d.name, at + '.name')});
    });
    return {title: string(j.title, path + '.title'), streaks: string(j.streaks, path + '.streaks'),
        weekdays: weekdays, cells: cells};
}

/**
 * What one run of the executable data source gave: `{ok, stdout, error}`; `error` is the first
 * line of stderr (or the exit code) when the command failed.
 *
 * @param {object} data - the data source's `{"exit code", "stdout", "stderr"}`
 * @returns {object} the result
 */
function result(data) {
    var code = data['exit code'];
    var stdout = typeof data.stdout === 'string' ? data.stdout : '';
    var stderr = typeof data.stderr === 'string' ? data.stderr.trim() : '';
    if (code === 0)
        return {ok: true, stdout: stdout, error: null};
    var first = stderr.split('\n')[0];
    if (code === 127)
        first = 'nitnem was not found on PATH or in ~/.local/bin' + (first ? ' (' + first + ')' : '');
    return {ok: false, stdout: stdout, error: first || 'nitnem exited with status ' + code};
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
