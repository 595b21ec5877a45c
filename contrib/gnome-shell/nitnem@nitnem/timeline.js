// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the nitnem GNOME Shell extension: read the `NitnemNow` timeline the agent
// writes, pick the entry whose date has come, say when to look again; read the same `display` from
// `nitnem status --format json`. The label, lines, banis and actions (with their argv) are nitnem's
// `display`, worded by nitnem in the user's language: nothing is worded here. No Shell imports.
//
// An ES module (GNOME Shell 45+ import it as `./timeline.js`). gen-43.sh makes of it the legacy
// module GNOME Shell 43/44 load (`Me.imports.timeline`): each `export function` and `export const`
// becomes a top-level `function` or `var`, which is what a legacy module exports.

/** Files larger than this are not a timeline the agent wrote (it writes about 20 KiB). */
export const MAX_BYTES = 1024 * 1024;

/** The longest single GLib timeout armed: a far-off wake is re-armed instead (guint ms limit). */
export const MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/** The file name inside `<group>/widgets`. */
export const FILE_NAME = 'NitnemNow.json';

/** A timeline (or a status) that cannot be shown; `message` is one line naming the JSON path. */
export const TimelineError = class TimelineError extends Error {
    constructor(message) {
        super(message);
        this.name = 'TimelineError';
    }
};

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
// without a zone would depend on the Shell's zone, so it is refused rather than guessed.
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
    throw new TimelineError(`${path}: ${what}${got}`);
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

/** `url` when it is a nitnem deep link (`sggs://…`, no spaces or control characters), else `null`. */
export function safeUrl(url) {
    if (typeof url !== 'string' || url.length > 2048)
        return null;
    return /^sggs:\/\/[A-Za-z0-9_\-./?=&%~+:]*$/.test(url) ? url : null;
}

const MARK_WORD = /^(--day|--undo|[A-Za-z0-9_][A-Za-z0-9_./-]*)$/;

/**
 * `argv` (from nitnem's display: `nitnem mark …`, `nitnem open <url>`, `nitnem listen <url>`) to run
 * with `program` as argv[0], or `null` for anything else: the file is only data, so it must not be
 * able to make the Shell run another program, an option it did not mean, or open a local file.
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
 * The month's calendar as rows of 7 cells, Monday first: the weekday names, then each week, a cell
 * `null` before the 1st (nitnem's `offset`) and after the last day. Layout only: nitnem words it.
 */
export function journeyRows(journey) {
    const cells = [...Array(journey.offset).fill(null), ...journey.days];
    while (cells.length % 7 !== 0)
        cells.push(null);
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

function parseJSON(text, what) {
    if (text.trim() === '')
        throw new TimelineError(`${what} is empty`);
    try {
        return JSON.parse(text);
    } catch (e) {
        throw new TimelineError(`${what} is not JSON (${e.message})`);
    }
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
        throw new TimelineError(`the file is ${bytes.length} bytes, more than a timeline (${MAX_BYTES})`);
    let text;
    try {
        text = new TextDecoder('utf-8', {fatal: true}).decode(bytes);
    } catch (e) {
        throw new TimelineError('not UTF-8 text');
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

/** The GLib timeout for a wake at `wake`: at least 1 ms (never a busy 0), at most `MAX_DELAY_MS`. */
export function delayMs(wake, now) {
    return wake === null ? null : Math.min(Math.max(Math.ceil(wake - now), 1), MAX_DELAY_MS);
}

/** What the indicator shows at `now`: `{display, complete, stale, warning, wake}` (stale: + the stale line). */
export function view(timeline, now) {
    const picked = pick(timeline, now);
    const wake = nextWake(timeline, now);
    const first = timeline.entries[0].dateText;
    if (!picked)
        return errorView(`the timeline starts at ${first}, after now: is the clock right?`, wake);
    const {entry, stale} = picked;
    const d = entry.display;
    const display = stale ? Object.assign({}, d, {lines: [...d.lines, timeline.stale]}) : d;
    return {display, complete: entry.dayComplete, stale, warning: null, wake};
}

/** What the indicator shows when there is nothing of nitnem's to show: `Nitnem ⚠` and the reason. */
export function errorView(reason, wake = null) {
    return {display: {label: 'Nitnem ⚠', lines: [reason], items: [], actions: [], journey: null}, complete: false,
        stale: false, warning: reason, wake};
}

/** The argv of `nitnem status --format json`, whose `display` is the state right now. */
export function statusArgv(program) {
    return [program, 'status', '--format', 'json'];
}

/** What `nitnem status --format json` printed, as a view (its `display` now; `{"error"}`: a warning). */
export function parseStatus(text) {
    if (text.length > MAX_BYTES)
        throw new TimelineError(`the status is ${text.length} characters, more than nitnem prints`);
    const root = object(parseJSON(text, 'the status'), '$');
    const display = parseDisplay(root.display, '$.display');
    const warning = typeof root.error === 'string' ? root.error : null;
    return {display, complete: root.dayComplete === true, stale: false, warning, wake: null};
}

/** The nitnem program: the one on the Shell's `PATH`, else `~/.local/bin/nitnem`, else `nitnem`. */
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
