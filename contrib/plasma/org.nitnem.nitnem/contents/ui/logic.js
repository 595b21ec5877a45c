// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the nitnem KDE Plasma widget, shared unchanged by the Plasma 6 and 5.27 variants:
// the commands it runs (each an argv, quoted word by word for the executable data source's shell),
// and what their output means — `nitnem status --format json --changed-from TOKEN` (the label, the
// tooltip, the token to wait on), `nitnem mark --list --format json` (today's banis, ✓/○, and the
// argv each one runs). No Plasma or Qt imports: qmltestrunner (Qt 5 and 6) tests it.
.pragma library

/** argv[0]: found on the PATH plasmashell has, else in ~/.local/bin (see `command`). */
var PROGRAM = 'nitnem';

/** The token that matches no output: the first run prints at once. */
var NO_TOKEN = 'new';

/** A failed status run is tried again after this long, doubled each time up to MAX_RETRY_MS. */
var RETRY_MS = 2000;
var MAX_RETRY_MS = 5 * 60 * 1000;

/** `nitnem mark --list --format json` prints about 2 KiB; more is not its output. */
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

/** Whether a command line from `command` is the checklist's (`nitnem mark --list --format json`). */
function isChecklistCommand(line) {
    return line.indexOf(checklistArgv().map(shellQuote).join(' ') + ' #') >= 0;
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

/** @returns {string[]} the argv of today's checklist */
function checklistArgv() {
    return [PROGRAM, 'mark', '--list', '--format', 'json'];
}

/** @returns {string[]} the argv of Mark read: what status shows next, as a reminder's Mark read */
function markNextArgv() {
    return [PROGRAM, 'mark', '--next'];
}

/**
 * `url` when it is a nitnem deep link (`sggs://…`, no spaces or control characters), else null.
 *
 * @param {*} url - from nitnem's JSON
 * @returns {(string|null)} the URL
 */
function safeUrl(url) {
    if (typeof url !== 'string' || url.length > 2048)
        return null;
    return /^sggs:\/\/[A-Za-z0-9_\-./?=&%~+:]*$/.test(url) ? url : null;
}

/**
 * Read now: `nitnem open <url>` for the next bani's deep link, else `nitnem open` (what status
 * shows next, or the Nitnem home once the day is complete).
 *
 * @param {(object|null)} status - from `parseStatus`
 * @returns {string[]} argv
 */
function readArgv(status) {
    var url = status && status.next ? safeUrl(status.next.url) : null;
    return url ? [PROGRAM, 'open', url] : [PROGRAM, 'open'];
}

/**
 * `text` (a title is a file's text) with each run of control characters — C0, DEL, C1, U+2028,
 * U+2029 — folded to one space, as nitnem's bar labels are (`Printable.folded`).
 */
function folded(text) {
    return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

function fail(message) {
    throw new Error(message);
}

function object(value, path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        fail(path + ': expected an object');
    return value;
}

function string(obj, key, path) {
    if (typeof obj[key] !== 'string')
        fail(path + '.' + key + ': expected a string');
    return obj[key];
}

function count(obj, key, path) {
    var v = obj[key];
    if (typeof v !== 'number' || v < 0 || Math.floor(v) !== v)
        fail(path + '.' + key + ': expected a whole number ≥ 0');
    return v;
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

/** The title forms of config `titles`, as `nitnem mark --list --format json` names the chosen one. */
var TITLE_FORMS = ['english', 'gurmukhi', 'both'];

/**
 * A bani's title in the form nitnem chose (config `titles`, from the checklist's `titles`):
 * `Japji Sahib`, `ਜਪੁ ਜੀ ਸਾਹਿਬ` (the English one when there is no Gurmukhi one) or both; folded.
 *
 * @param {object} bani - `{titleEn, titleGurmukhi}`
 * @param {string} form - one of `TITLE_FORMS`
 * @returns {string} the title
 */
function titled(bani, form) {
    if (!bani.titleGurmukhi || form === 'english')
        return folded(bani.titleEn);
    if (form === 'gurmukhi')
        return folded(bani.titleGurmukhi);
    return folded(bani.titleEn) + ' (' + folded(bani.titleGurmukhi) + ')';
}

/**
 * The bar label, worded as `nitnem status` words it (`--format polybar`, i3blocks' first line):
 * `Rehras Sahib · 2/7`, `Nitnem complete · 7/7`, `Nitnem not available`; the title in form
 * `titles` (English when not given, as the bars show it by default).
 */
function label(status, titles) {
    if (status.total === 0)
        return 'Nitnem not available';
    var c = status.done + '/' + status.total;
    return status.next ? titled(status.next, titles || 'english') + ' · ' + c : 'Nitnem complete · ' + c;
}

/**
 * The tooltip's lines, as `nitnem status`'s waybar tooltip: band and day, next (in form `titles`;
 * both titles when not given), progress.
 */
function detailLines(status, titles) {
    var lines = [status.band.title + ' · Nitnem day ' + status.dayKey];
    if (status.total === 0)
        return lines.concat(['No daily banis in this snapshot']);
    if (status.next) {
        var n = status.next;
        var line = 'Next: ' + titled(n, titles || 'both');
        if (n.resume)
            line += ', resume at line ' + n.resume.seq + ' of ' + n.resume.nLines;
        lines.push(line);
    } else {
        lines.push("Today's Nitnem is complete");
    }
    var progress = 'Today: ' + status.done + ' of ' + status.total + ' read';
    if (status.bandComplete && !status.dayComplete)
        progress += ' · ' + status.band.title + ' done';
    lines.push(progress);
    if (status.pausedUntil)
        lines.push('Reminders paused until ' + status.pausedUntil);
    return lines.concat(status.warnings.map(function (w) { return '⚠ ' + folded(w); }));
}

/**
 * What one `status --changed-from` run printed: `{token, error}` and, unless the files could not be
 * read (`{"error": …}`), `{dayKey, band, next, done, total, …, label, tooltip}`.
 *
 * @param {string} text - its stdout
 * @param {string} [titles] - the title form nitnem chose (the checklist's `titles`), if known
 * @returns {object} the status
 * @throws {Error} naming what is wrong
 */
function parseStatus(text, titles) {
    var root = object(parseJSON(text, 'the status'), '$');
    var token = typeof root.changeToken === 'string' ? root.changeToken : null;
    if (typeof root.error === 'string')
        return {token: token, error: folded(root.error), label: 'Nitnem ⚠', tooltip: folded(root.error), next: null};
    var band = object(root.band, '$.band');
    var today = object(root.today, '$.today');
    var next = null;
    if (root.next !== null && root.next !== undefined) {
        var n = object(root.next, '$.next');
        next = {
            id: string(n, 'id', '$.next'),
            titleEn: string(n, 'titleEn', '$.next'),
            titleGurmukhi: typeof n.titleGurmukhi === 'string' ? n.titleGurmukhi : null,
            url: safeUrl(n.url),
            resume: n.resume && typeof n.resume === 'object' ? n.resume : null,
        };
    }
    var status = {
        token: token,
        error: null,
        dayKey: string(root, 'dayKey', '$'),
        band: {id: string(band, 'id', '$.band'), title: string(band, 'title', '$.band')},
        next: next,
        done: count(today, 'done', '$.today'),
        total: count(today, 'total', '$.today'),
        bandComplete: root.bandComplete === true,
        dayComplete: root.dayComplete === true,
        pausedUntil: root.paused && typeof root.paused.until === 'string' ? root.paused.until : null,
        warnings: Array.isArray(root.warnings) ? root.warnings.filter(function (w) { return typeof w === 'string'; }) : [],
    };
    return withTitles(status, titles);
}

/**
 * `status` (from `parseStatus`) with its label and tooltip in title form `titles` (the checklist's
 * `titles`; not given: English in the label, both in the tooltip, as `nitnem status` shows them).
 *
 * @param {object} status - a parsed status
 * @param {string} [titles] - one of `TITLE_FORMS`
 * @returns {object} the status, label and tooltip made again
 */
function withTitles(status, titles) {
    if (status.error)
        return status;
    var copy = {};
    for (var key in status)
        copy[key] = status[key];
    copy.titles = titles || null;
    copy.label = label(copy, titles);
    copy.tooltip = detailLines(copy, titles).join('\n');
    return copy;
}

var DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
var BANI_ID = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/**
 * Today's banis from `nitnem mark --list --format json`, each with the label the list shows
 * (`✓ Japji Sahib`, `○ Rehras Sahib · next`) and the argv activating it runs: `nitnem mark <id>
 * --day <day>`, or with `--undo` when it is read (the day the list was made for, so a list shown
 * across 03:00 never marks the new day by mistake).
 *
 * @param {string} text - its stdout
 * @returns {object} `{titles, dayKey, done, total, banis: [{id, titleEn, title, read, next, label,
 *   argv}]}`: `titles` and `title` in the form config `titles` chose (English from a nitnem that
 *   says none)
 * @throws {Error} naming what is wrong
 */
function parseChecklist(text) {
    var root = object(parseJSON(text, 'the checklist'), '$');
    var dayKey = string(root, 'dayKey', '$');
    if (!DAY_KEY.test(dayKey))
        fail('$.dayKey: expected a day YYYY-MM-DD');
    var today = object(root.today, '$.today');
    if (!Array.isArray(root.banis))
        fail('$.banis: expected an array');
    var banis = root.banis.map(function (value, i) {
        var path = '$.banis[' + i + ']';
        var b = object(value, path);
        var id = string(b, 'id', path);
        // An id is one argv word: it must not look like an option.
        if (!BANI_ID.test(id))
            fail(path + '.id: expected a bani id like japji or rehras/taksal');
        var read = b.read === true;
        var next = b.next === true;
        var argv = [PROGRAM, 'mark', id, '--day', dayKey];
        if (read)
            argv.push('--undo');
        var titleEn = folded(string(b, 'titleEn', path));
        // The title in the form nitnem chose; an older nitnem prints none: the English one.
        var title = b.title === undefined ? titleEn : folded(string(b, 'title', path));
        return {
            id: id,
            titleEn: titleEn,
            title: title,
            read: read,
            next: next,
            label: (read ? '✓ ' : '○ ') + title + (next ? ' · next' : ''),
            argv: argv,
        };
    });
    // Config `titles`, as nitnem applied it; an older nitnem says nothing: English.
    var titles = root.titles === undefined ? 'english' : string(root, 'titles', '$');
    if (TITLE_FORMS.indexOf(titles) < 0)
        fail('$.titles: expected one of ' + TITLE_FORMS.join(', '));
    return {
        titles: titles, dayKey: dayKey, done: count(today, 'done', '$.today'), total: count(today, 'total', '$.today'),
        banis: banis,
    };
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
    return {ok: false, stdout: stdout, error: folded(first || 'nitnem exited with status ' + code)};
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
