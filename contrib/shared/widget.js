// SPDX-License-Identifier: GPL-3.0-or-later
// The widgets' own logic, written once for the GNOME Shell extension and the KDE Plasma widget: read
// what nitnem prints and writes (`status --format json`, the `NitnemNow` timeline, `config`, `sets`,
// `sets available` and `practice --format json`), check it, and say which argv each control runs.
// The label, lines, banis, actions, journey and every word on the settings pages are nitnem's
// `display` and `words`, in the user's language: nothing is worded here. Pure: no Shell, Gtk, Plasma or Qt imports,
// no clock read (a `now` is passed in).
//
// The source is an ES module; the build makes each form of it (contrib/shared/gen-widget.sh, run by
// gen-43.sh and gen-5.sh, never committed): GNOME Shell 45+ load it as it is (`./widget.js`), 43/44
// as a legacy module (`Me.imports.widget`: each `export function`, `export const` made a top-level
// `function` or `var`), Plasma 6 and 5.27 as a QML JavaScript resource (`.pragma library`, the same
// top-level names, `import "widget.js" as Widget`). So it keeps to what Qt 5.15's engine runs: no
// `class … extends Error`, no `Object.fromEntries`, no `?.`.

/** Files larger than this are not a timeline the agent wrote, nor a status (they are a few KiB). */
export const MAX_BYTES = 1024 * 1024;

/** The longest single GLib timeout armed: a far-off wake is re-armed instead (guint ms limit). */
export const MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/** The file name inside `<group>/widgets`. */
export const FILE_NAME = 'NitnemNow.json';

/** The label a widget shows when it has nothing of nitnem's to show. */
export const PROBLEM_LABEL = 'Nitnem ⚠';

/** The token that matches no output of `status --changed-from`: the first run prints at once. */
export const NO_TOKEN = 'new';

/** The daily sets, in the order nitnem lists them. */
export const SETS = ['morning', 'evening', 'night'];

/**
 * What nitnem printed or wrote that a widget cannot show; `message` is one line naming the JSON path.
 * (A function, not a class: Qt 5.15 cannot extend Error with a class.)
 */
export function DataError(message) {
    const e = new Error(message);
    e.name = 'DataError';
    Object.setPrototypeOf(e, DataError.prototype);
    return e;
}
DataError.prototype = Object.create(Error.prototype,
    {constructor: {value: DataError, writable: true, configurable: true}});
DataError.prototype.name = 'DataError';

// ---- checking JSON ---------------------------------------------------------------------------

function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'string')
        return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    return typeof value === 'object' ? 'an object' : String(value);
}

function fail(path, what, value) {
    const got = arguments.length < 3 ? '' : value === undefined ? ', but it is missing' : `, got ${describe(value)}`;
    throw new DataError(`${path}: ${what}${got}`);
}

function object(value, path) {
    const ok = value !== null && typeof value === 'object' && !Array.isArray(value);
    return ok ? value : fail(path, 'expected an object', value);
}

function array(value, path) {
    return Array.isArray(value) ? value : fail(path, 'expected an array', value);
}

function string(value, path) {
    return typeof value === 'string' ? value : fail(path, 'expected a string', value);
}

function parseJSON(text, what) {
    if (typeof text !== 'string' || text.trim() === '')
        throw new DataError(`${what} is empty`);
    try {
        return JSON.parse(text);
    } catch (e) {
        throw new DataError(`${what} is not JSON (${e.message})`);
    }
}

/** `v` when it is a string, else `or` (''). */
function str(v, or = '') {
    return typeof v === 'string' ? v : or;
}

/** The words of `from` named in `names`, each a string ('' when nitnem gave none). */
function words(from, names) {
    const out = {};
    for (const n of names)
        out[n] = str(from && from[n]);
    return out;
}

// ---- the commands a display may run -----------------------------------------------------------

/** `url` when it is a nitnem deep link (`sggs://…`, no spaces or control characters), else `null`. */
export function safeUrl(url) {
    if (typeof url !== 'string' || url.length > 2048)
        return null;
    return /^sggs:\/\/[A-Za-z0-9_\-./?=&%~+:]*$/.test(url) ? url : null;
}

const MARK_WORD = /^(--day|--undo|[A-Za-z0-9_][A-Za-z0-9_./-]*)$/;

/**
 * `argv` (from nitnem's display: `nitnem mark …`, `nitnem open <url>`, `nitnem listen <url>`) to run
 * with `program` as argv[0], or `null` for anything else: the output is only data, so it must not be
 * able to make a widget run another program, an option it did not mean, or open a local file.
 */
export function commandArgv(argv, program) {
    if (!Array.isArray(argv) || argv[0] !== 'nitnem' || !argv.every(w => typeof w === 'string'))
        return null;
    const [, verb, ...rest] = argv;
    const ok = verb === 'mark' ? rest.length > 0 && rest.every(w => MARK_WORD.test(w))
        : (verb === 'open' || verb === 'listen') && rest.length <= 1 && rest.every(w => safeUrl(w) !== null);
    return ok ? [program, verb, ...rest] : null;
}

function command(value, path) {
    const c = object(value, path);
    if (commandArgv(c.argv, 'nitnem') === null)
        fail(`${path}.argv`, 'expected a nitnem mark, open or listen command', c.argv);
    return {id: string(c.id, `${path}.id`), label: string(c.label, `${path}.label`), argv: c.argv,
        next: c.next === true};
}

// ---- nitnem's display -------------------------------------------------------------------------

const DAY_STATES = ['complete', 'inProgress', 'partial', 'none', 'future'];

/**
 * nitnem's `display.journey` (the month as nitnem words it), checked; `null` when it has none:
 * `{title, streaks, weekdays[7], offset 0–6, days[{number, mark, state, today, name}]}`.
 */
export function parseJourney(value, path) {
    if (value === undefined || value === null)
        return null;
    const j = object(value, path);
    const weekdays = array(j.weekdays, `${path}.weekdays`).map((w, i) => string(w, `${path}.weekdays[${i}]`));
    if (weekdays.length !== 7)
        fail(`${path}.weekdays`, 'expected 7 names', weekdays.length);
    if (!Number.isInteger(j.offset) || j.offset < 0 || j.offset > 6)
        fail(`${path}.offset`, 'expected a whole number from 0 to 6', j.offset);
    const days = array(j.days, `${path}.days`).map((v, i) => {
        const at = `${path}.days[${i}]`;
        const d = object(v, at);
        if (!DAY_STATES.includes(d.state))
            fail(`${at}.state`, `expected one of ${DAY_STATES.join(', ')}`, d.state);
        return {number: string(d.number, `${at}.number`), mark: string(d.mark, `${at}.mark`), state: d.state,
            today: d.today === true, name: string(d.name, `${at}.name`)};
    });
    if (days.length > 31)
        fail(`${path}.days`, 'expected at most 31 days', days.length);
    return {title: string(j.title, `${path}.title`), streaks: string(j.streaks, `${path}.streaks`), weekdays,
        offset: j.offset, days};
}

/**
 * The month's days as the cells of a 7-column grid, Monday first: `null` before the 1st (nitnem's
 * `offset`) and after the last day, up to a whole week. Layout only: nitnem words it.
 */
export function journeyCells(journey) {
    const cells = [...Array(journey.offset).fill(null), ...journey.days];
    while (cells.length % 7 !== 0)
        cells.push(null);
    return cells;
}

/** The month's calendar as rows of 7 cells (`journeyCells`): the weekday names, then each week. */
export function journeyRows(journey) {
    const cells = journeyCells(journey);
    const weeks = [];
    for (let i = 0; i < cells.length; i += 7)
        weeks.push(cells.slice(i, i + 7));
    return {weekdays: journey.weekdays, weeks};
}

/** nitnem's `display`, checked: `{label, lines[], items[{id, label, next, argv}], actions[{id, label, argv}], journey}`. */
export function parseDisplay(value, path) {
    const d = object(value, path);
    return {
        label: string(d.label, `${path}.label`),
        lines: array(d.lines, `${path}.lines`).map((l, i) => string(l, `${path}.lines[${i}]`)),
        items: array(d.items, `${path}.items`).map((c, i) => command(c, `${path}.items[${i}]`)),
        actions: array(d.actions, `${path}.actions`).map((c, i) => command(c, `${path}.actions[${i}]`)),
        journey: parseJourney(d.journey, `${path}.journey`),
    };
}

// ---- the timeline the agent writes -------------------------------------------------------------

/**
 * The App-Group folder, as the agent resolves it: `$SGGS_APP_GROUP`, else
 * `$XDG_DATA_HOME/sggs/group.org.sggs` (only an absolute `XDG_DATA_HOME` counts), else
 * `~/.local/share/sggs/group.org.sggs`.
 */
export function groupPath(getenv, home) {
    const group = getenv('SGGS_APP_GROUP');
    if (group)
        return group;
    const xdg = getenv('XDG_DATA_HOME');
    const data = xdg && xdg.startsWith('/') ? xdg : `${home}/.local/share`;
    return `${data}/sggs/group.org.sggs`;
}

/** `<group>/widgets` and `<group>/widgets/NitnemNow.json`. */
export function timelinePath(group) {
    const dir = `${group.replace(/\/+$/, '') || '/'}/widgets`;
    return {dir, file: `${dir}/${FILE_NAME}`};
}

// RFC 3339 with a zone: what the agent writes (`2026-11-29T17:00:00+05:30`, `…Z`). A local time
// without a zone would depend on the widget's zone, so it is refused rather than guessed.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An RFC 3339 instant as epoch milliseconds, or `null` when `text` is not one. */
export function parseInstant(text) {
    const m = typeof text === 'string' ? INSTANT.exec(text) : null;
    if (!m)
        return null;
    const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6]].map(Number);
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return null;
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? ms : null;
}

function instant(value, path) {
    const ms = parseInstant(value);
    return ms !== null ? ms : fail(path, 'expected an RFC 3339 instant like 2026-11-29T17:00:00+05:30', value);
}

/** The timeline in `text`, checked: `{validUntil, stale, entries[{date, dayComplete, display}]}`, instants in ms. */
export function parseTimeline(text) {
    const root = object(parseJSON(text, 'the file'), '$');
    if (Number.isInteger(root.schema) && root.schema > 1)
        fail('schema', 'is newer than this extension reads (1); update the extension', root.schema);
    if (root.schema !== 1)
        fail('schema', 'expected 1', root.schema);
    if (root.kind !== 'NitnemNow')
        fail('kind', 'expected "NitnemNow"', root.kind);
    if (array(root.entries, 'entries').length === 0)
        fail('entries', 'is empty');
    const entries = root.entries.map((value, i) => {
        const e = object(value, `entries[${i}]`);
        if (e.display === undefined)
            fail(`entries[${i}].display`, 'is missing: the agent is older than this extension; restart it');
        const date = instant(e.date, `entries[${i}].date`);
        if (i > 0 && date < instant(root.entries[i - 1].date, `entries[${i - 1}].date`))
            fail(`entries[${i}].date`, 'is before the entry above it', e.date);
        const display = parseDisplay(e.display, `entries[${i}].display`);
        return {date, dateText: e.date, dayComplete: e.dayComplete === true, display};
    });
    const stale = string(object(root.display, '$.display').stale, '$.display.stale');
    return {validUntil: instant(root.validUntil, '$.validUntil'), stale, entries};
}

/** The timeline in the file's raw bytes: size and UTF-8 are checked before the JSON. */
export function decodeTimeline(bytes) {
    if (bytes.length > MAX_BYTES)
        throw new DataError(`the file is ${bytes.length} bytes, more than a timeline (${MAX_BYTES})`);
    let text;
    try {
        text = new TextDecoder('utf-8', {fatal: true}).decode(bytes);
    } catch (e) {
        throw new DataError('not UTF-8 text');
    }
    return parseTimeline(text);
}

/** The entry to show at `now` (ms): the last whose `date` ≤ now, `{entry, index, stale}`; null before. */
export function pick(timeline, now) {
    const index = timeline.entries.filter(e => e.date <= now).length - 1;
    return index < 0 ? null : {entry: timeline.entries[index], index, stale: now >= timeline.validUntil};
}

/** When what `pick` shows changes next (the next entry's date, or validUntil first), epoch ms; null: never. */
export function nextWake(timeline, now) {
    const wakes = [...timeline.entries.map(e => e.date), timeline.validUntil].filter(w => w > now);
    return wakes.length > 0 ? Math.min(...wakes) : null;
}

/** The timeout for a wake at `wake`: at least 1 ms (never a busy 0), at most `MAX_DELAY_MS`. */
export function delayMs(wake, now) {
    return wake === null ? null : Math.min(Math.max(Math.ceil(wake - now), 1), MAX_DELAY_MS);
}

/** What a widget shows at `now`: `{display, complete, stale, warning, wake, token}` (stale: + the stale line). */
export function view(timeline, now) {
    const picked = pick(timeline, now);
    const wake = nextWake(timeline, now);
    const first = timeline.entries[0].dateText;
    if (!picked)
        return errorView(`the timeline starts at ${first}, after now: is the clock right?`, wake);
    const {entry, stale} = picked;
    const d = entry.display;
    const display = stale ? Object.assign({}, d, {lines: [...d.lines, timeline.stale]}) : d;
    return {display, complete: entry.dayComplete, stale, warning: null, wake, token: null};
}

/** What a widget shows when there is nothing of nitnem's to show: `PROBLEM_LABEL` and the reason. */
export function errorView(reason, wake = null) {
    return {display: {label: PROBLEM_LABEL, lines: [reason], items: [], actions: [], journey: null},
        complete: false, stale: false, warning: reason, wake, token: null};
}

// ---- nitnem status --format json ---------------------------------------------------------------

/**
 * The argv of `nitnem status --format json`, whose `display` is the state right now. With a `token`
 * argument (the `changeToken` of the output shown, or null before the first), `--changed-from` it:
 * nitnem prints at once when what it shows differs from that output, else blocks until it changes.
 */
export function statusArgv(program, token) {
    const argv = [program, 'status', '--format', 'json'];
    if (token === undefined)
        return argv;
    const t = typeof token === 'string' && /^[0-9a-f]{16}$/.test(token) ? token : NO_TOKEN;
    return [...argv, '--changed-from', t];
}

/**
 * What `nitnem status --format json` printed, as a view: `{display, complete, stale, warning, wake,
 * token}`, its `display` now; `warning` the files' problem when nitnem could not read them
 * (`{"error": …}`, which has a display too); `token` its `changeToken`, or null.
 */
export function parseStatus(text) {
    if (typeof text === 'string' && text.length > MAX_BYTES)
        throw new DataError(`the status is ${text.length} characters, more than nitnem prints`);
    const root = object(parseJSON(text, 'the status'), '$');
    const display = parseDisplay(root.display, '$.display');
    const warning = typeof root.error === 'string' ? root.error : null;
    const token = typeof root.changeToken === 'string' ? root.changeToken : null;
    return {display, complete: root.dayComplete === true, stale: false, warning, wake: null, token};
}

/** The nitnem program: the one on the `PATH`, else `~/.local/bin/nitnem`, else `nitnem`. */
export function programPath(findInPath, home, isExecutable) {
    const local = `${home.replace(/\/+$/, '')}/.local/bin/nitnem`;
    return findInPath('nitnem') || (isExecutable(local) ? local : 'nitnem');
}

/** The menu of a view: its lines, then the day's banis, then the actions, each argv run as `program`. */
export function menuModel(v, program) {
    const run = c => ({id: c.id, label: c.label, next: c.next, argv: commandArgv(c.argv, program)});
    const d = v.display;
    return {label: d.label, lines: d.lines, items: d.items.map(run), actions: d.actions.map(run),
        journey: d.journey ? d.journey : null};
}

// ---- the settings pages ------------------------------------------------------------------------

/**
 * `nitnem config --format json`, checked: `{path, keys: {name: {name, value, defaultText, source,
 * line, choices[], form, choicesOnly, help, accepted, problem, page, label, reset}}, order: [name…],
 * paused, words: {pages: {reminders, reading, sets}, pause: {title, state, until, forms, button,
 * resume}, default, report}}`; `paused` the RFC 3339 instant reminders come back, or null; a key's
 * `value` and `problem` '' when it has none; `choicesOnly`: its value is one of `choices`, no form.
 */
export function parseConfig(text) {
    const root = parseJSON(text, 'nitnem config --format json');
    if (!root || !Array.isArray(root.keys))
        throw new DataError('nitnem config --format json: no keys (is nitnem older than this widget?)');
    const w = root.words;
    if (!w || !w.pages || !w.pause)
        throw new DataError('nitnem config --format json: no words (is nitnem older than this widget?)');
    const keys = {};
    const order = [];
    for (const k of root.keys) {
        if (typeof k.key !== 'string' || !Array.isArray(k.choices) || typeof k.label !== 'string')
            throw new DataError('nitnem config --format json: a key without its name, choices or label');
        order.push(k.key);
        const choices = k.choices.map(String);
        const form = typeof k.form === 'string' ? k.form : null;
        keys[k.key] = {
            name: k.key, value: str(k.value), defaultText: k.defaultText === undefined ? '' : String(k.defaultText),
            source: k.source === 'file' ? 'file' : 'default', line: Number.isInteger(k.line) ? k.line : null,
            choices, form, choicesOnly: form === null && choices.length > 0, help: str(k.help),
            accepted: str(k.accepted), problem: str(k.problem), page: str(k.page), label: k.label,
            reset: str(k.reset, k.label),
        };
    }
    const pageWords = {pages: words(w.pages, ['reminders', 'reading', 'sets']),
        pause: words(w.pause, ['title', 'state', 'until', 'forms', 'button', 'resume']),
        default: str(w.default), report: str(w.report)};
    const paused = root.paused && typeof root.paused.until === 'string' ? root.paused.until : null;
    return {path: str(root.path), keys, order, paused, words: pageWords};
}

/** The keys `page` (`reminders` or `reading`) shows, in nitnem's order. */
export function pageKeys(config, page) {
    return config.order.map(n => config.keys[n]).filter(k => k.page === page);
}

/**
 * `nitnem sets --format json`, checked: `{sets: {morning: {set, yours, title, heading, add, choose,
 * reset, banis: [{id, title, remind, labels: {remind, up, down, remove}}]}, …}, words: {add, reset,
 * remove, up, down, off}}`; a bani's `remind` '' when it has none.
 */
export function parseSets(text) {
    const root = parseJSON(text, 'nitnem sets --format json');
    const sets = {};
    for (const set of SETS) {
        const s = root && root.sets && root.sets[set];
        if (!s || !Array.isArray(s.banis) || typeof s.heading !== 'string')
            throw new DataError(`nitnem sets --format json: no ${set} set with its words`);
        sets[set] = {
            set, yours: s.yours === true, title: str(s.title, set), heading: s.heading, add: str(s.add),
            choose: str(s.choose), reset: str(s.reset),
            banis: s.banis.map(b => {
                const title = typeof b.title === 'string' ? b.title : String(b.id);
                const l = b.labels || {};
                return {id: String(b.id), title, remind: str(b.remind),
                    labels: {remind: str(l.remind, title), up: str(l.up, title), down: str(l.down, title),
                        remove: str(l.remove, title)}};
            }),
        };
    }
    return {sets, words: words(root && root.words, ['add', 'reset', 'remove', 'up', 'down', 'off'])};
}

/** `nitnem sets available --format json`, checked: `[{id, title, sets[]}]`. */
export function parseAvailable(text) {
    const root = parseJSON(text, 'nitnem sets available --format json');
    if (!root || !Array.isArray(root.banis))
        throw new DataError('nitnem sets available --format json: no banis');
    return root.banis.map(b => ({id: String(b.id), title: str(b.title, String(b.id)),
        sets: Array.isArray(b.sets) ? b.sets.map(String) : []}));
}

const BANI_ID = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/**
 * `argv` (from `nitnem practice --format json`: `nitnem practice stop|restart <bani>`, or `nitnem
 * practice start` that a bani's id and `--days N` follow) to run with `program` as argv[0], or `null`
 * for anything else: the output is only data, so it must not make a page run another command.
 */
export function practiceArgv(argv, program) {
    if (!Array.isArray(argv) || argv[0] !== 'nitnem' || argv[1] !== 'practice' ||
        !argv.every(w => typeof w === 'string'))
        return null;
    const [, , verb, ...rest] = argv;
    const ok = verb === 'start' ? rest.length === 0
        : (verb === 'stop' || verb === 'restart') && rest.length === 1 && BANI_ID.test(rest[0]);
    return ok ? [program, 'practice', verb, ...rest] : null;
}

/**
 * `nitnem practice --format json`, checked, its commands run as `program`: `{practices: [{bani, title,
 * text, running, stop, restart, labels: {stop, restart}}], words: {title, choose, days, start, stop,
 * restart}, start: {argv, days: {default, min, max}, banis: [{id, title}]}}`; a practice's `stop` and
 * `restart` the argv of its buttons, null when nitnem gives none (it does not run, or a later one of
 * its bani does); `start.argv` what a bani's id and `--days N` follow (`argv.start`).
 */
export function parsePractice(text, program) {
    const root = parseJSON(text, 'nitnem practice --format json');
    const start = root && root.start;
    if (!root || !Array.isArray(root.practices) || !root.words || !start || !Array.isArray(start.banis))
        throw new DataError('nitnem practice --format json: no words or banis (is nitnem older than this widget?)');
    const startArgv = practiceArgv(start.argv, program);
    if (startArgv === null || startArgv[2] !== 'start')
        fail('start.argv', 'expected nitnem practice start', start.argv);
    const run = (argv, path) => {
        if (argv === undefined || argv === null)
            return null;
        const a = practiceArgv(argv, program);
        return a !== null ? a : fail(path, 'expected a nitnem practice command', argv);
    };
    const practices = root.practices.map((p, i) => {
        const at = `practices[${i}]`;
        const title = str(p.title, String(p.bani));
        const argv = p.argv || {};
        const l = p.labels || {};
        return {bani: String(p.bani), title, text: string(p.text, `${at}.text`), running: p.running === true,
            stop: run(argv.stop, `${at}.argv.stop`), restart: run(argv.restart, `${at}.argv.restart`),
            labels: {stop: str(l.stop, title), restart: str(l.restart, title)}};
    });
    const d = start.days || {};
    const whole = (v, or) => Number.isInteger(v) ? v : or;
    const min = whole(d.min, 1);
    const max = Math.max(whole(d.max, min), min);
    const days = {min, max, default: Math.min(Math.max(whole(d.default, min), min), max)};
    const banis = start.banis.map(b => ({id: String(b.id), title: str(b.title, String(b.id))}))
        .filter(b => BANI_ID.test(b.id));
    return {practices, words: words(root.words, ['title', 'choose', 'days', 'start', 'stop', 'restart']),
        start: {argv: startArgv, days, banis}};
}

/**
 * The first line of what a failed nitnem run said (its one-line error), without `nitnem: `; status
 * 127 (a shell found no nitnem) says where it was looked for.
 */
export function errorLine(stderr, status) {
    const first = String(stderr === undefined || stderr === null ? '' : stderr).split('\n')
        .find(l => l.trim() !== '');
    const said = first ? first.trim().replace(/^nitnem: /, '') : '';
    if (status === 127)
        return `nitnem was not found on PATH or in ~/.local/bin${said ? ` (${said})` : ''}`;
    return said || `nitnem exited with status ${status}`;
}

/** What a successful run reported, its first line (`reminder.evening = 18:30  # …/config:21`). */
export function reportLine(stdout) {
    const first = String(stdout === undefined || stdout === null ? '' : stdout).split('\n')
        .find(l => l.trim() !== '');
    return first === undefined ? '' : first;
}

// The commands the settings pages run, each an argv, `program` first.
export const argv = {
    config: program => [program, 'config', '--format', 'json'],
    set: (program, key, value) => [program, 'config', 'set', key, value],
    unset: (program, key) => [program, 'config', 'unset', key],
    sets: program => [program, 'sets', '--format', 'json'],
    available: program => [program, 'sets', 'available', '--format', 'json'],
    pause: (program, until) => until ? [program, 'reminders', 'pause', '--until', until]
        : [program, 'reminders', 'pause'],
    resume: program => [program, 'reminders', 'resume'],
    add: (program, id, set) => [program, 'sets', 'add', id, '--to', set],
    remove: (program, id, set) => [program, 'sets', 'remove', id, '--from', set],
    /** Moves the bani at `index` (0-based) of `set` one place up (-1) or down (+1); null at an end. */
    move: (program, set, banis, index, step) => {
        const to = index + step;
        if (to < 0 || to >= banis.length)
            return null;
        return [program, 'sets', 'move', banis[index].id, '--to', set, '--at', String(to + 1)];
    },
    remind: (program, id, time) => [program, 'sets', 'remind', id, time === '' ? 'off' : time],
    reset: (program, set) => [program, 'sets', 'reset', set],
    practice: program => [program, 'practice', '--format', 'json'],
    /** `parsePractice`'s `start`, run for the bani `id` for `days` days (a whole number, else nitnem's default). */
    start: (start, id, days) => {
        const n = Math.round(Number(days));
        return Number.isFinite(n) ? [...start.argv, id, '--days', String(n)] : [...start.argv, id];
    },
};
