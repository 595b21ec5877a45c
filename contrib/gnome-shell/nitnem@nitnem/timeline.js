// SPDX-License-Identifier: GPL-3.0-or-later
// The pure half of the nitnem GNOME Shell extension: read the `NitnemNow` widget timeline the
// nitnem agent writes, pick the entry to show, word the panel label and the menu, and say when to
// look again; read the day's checklist (`nitnem mark --list --format json`) and make the menu's
// items with the argv each one runs (`nitnem mark <id>`, `… --undo`, `nitnem open <url>`). No Shell,
// GLib or Gio imports here, so `gjs` can run the tests without a session.
//
// An ES module (GNOME Shell 45+ import it as `./timeline.js`). gen-43.sh makes of it the legacy
// module GNOME Shell 43/44 load (`Me.imports.timeline`): each `export function` and `export const`
// becomes a top-level `function` or `var`, which is what a legacy module exports.

/** Files larger than this are not a timeline the agent wrote (it writes about 4 KiB). */
export const MAX_BYTES = 1024 * 1024;

/** The longest single GLib timeout armed: a far-off wake is re-armed instead (guint ms limit). */
export const MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/** The file name inside `<group>/widgets`. */
export const FILE_NAME = 'NitnemNow.json';

/** A timeline that cannot be shown; `message` is one line naming the JSON path. */
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
 *
 * @param {function(string): (string|null)} getenv - reads one environment variable
 * @param {string} home - the home folder
 * @returns {string} the folder
 */
export function groupPath(getenv, home) {
    const group = getenv('SGGS_APP_GROUP');
    if (group)
        return group;
    const xdg = getenv('XDG_DATA_HOME');
    const data = xdg && xdg.startsWith('/') ? xdg : `${home}/.local/share`;
    return `${data}/sggs/group.org.sggs`;
}

/**
 * `<group>/widgets` and `<group>/widgets/NitnemNow.json`.
 *
 * @param {string} group - the App-Group folder
 * @returns {{dir: string, file: string}} the paths
 */
export function timelinePath(group) {
    const dir = `${group.replace(/\/+$/, '') || '/'}/widgets`;
    return {dir, file: `${dir}/${FILE_NAME}`};
}

// RFC 3339 with a zone: what the agent writes (`2026-11-29T17:00:00+05:30`, `…Z`). A local time
// without a zone would depend on the Shell's zone, so it is refused rather than guessed.
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An RFC 3339 instant as epoch milliseconds, or `null` when `text` is not one.
 *
 * @param {*} text - the value read from the file
 * @returns {(number|null)} milliseconds since the epoch
 */
export function parseInstant(text) {
    if (typeof text !== 'string')
        return null;
    const m = INSTANT.exec(text);
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
    if (typeof value === 'string') {
        const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
        return JSON.stringify(shown);
    }
    return typeof value === 'object' ? 'an object' : String(value);
}

function fail(path, what, value) {
    let got = '';
    if (arguments.length > 2)
        got = value === undefined ? ', but it is missing' : `, got ${describe(value)}`;
    throw new TimelineError(`${path}: ${what}${got}`);
}

function object(value, path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        fail(path, 'expected an object', value);
    return value;
}

function string(obj, key, path) {
    const v = obj[key];
    if (typeof v !== 'string')
        fail(`${path}.${key}`, 'expected a string', v);
    return v;
}

function optionalString(obj, key, path) {
    const v = obj[key];
    if (v === undefined || v === null)
        return null;
    if (typeof v !== 'string')
        fail(`${path}.${key}`, 'expected a string or null', v);
    return v;
}

function count(obj, key, path) {
    const v = obj[key];
    if (!Number.isInteger(v) || v < 0)
        fail(`${path}.${key}`, 'expected a whole number ≥ 0', v);
    return v;
}

function bool(obj, key, path) {
    const v = obj[key];
    if (typeof v !== 'boolean')
        fail(`${path}.${key}`, 'expected true or false', v);
    return v;
}

function instant(obj, key, path) {
    const v = obj[key];
    const ms = parseInstant(v);
    if (ms === null)
        fail(`${path}.${key}`, 'expected an RFC 3339 instant like 2026-11-29T17:00:00+05:30', v);
    return ms;
}

function parseNext(value, path) {
    if (value === null)
        return null;
    const n = object(value, path);
    const resumeValue = n.resume === undefined ? null : n.resume;
    let resume = null;
    if (resumeValue !== null) {
        const r = object(resumeValue, `${path}.resume`);
        const seq = count(r, 'seq', `${path}.resume`);
        const nLines = count(r, 'nLines', `${path}.resume`);
        const fraction = typeof r.fraction === 'number' ? r.fraction : nLines > 0 ? seq / nLines : 0;
        resume = {seq, nLines, fraction};
    }
    return {
        id: string(n, 'id', path),
        titleEn: string(n, 'titleEn', path),
        titleGurmukhi: optionalString(n, 'titleGurmukhi', path),
        url: string(n, 'url', path),
        resume,
    };
}

function parseEntry(value, path) {
    const e = object(value, path);
    const band = object(e.band, `${path}.band`);
    const today = object(e.today, `${path}.today`);
    const done = count(today, 'done', `${path}.today`);
    const total = count(today, 'total', `${path}.today`);
    if (done > total)
        fail(`${path}.today.done`, `is more than today.total (${total})`, done);
    return {
        date: instant(e, 'date', path),
        dateText: e.date,
        dayKey: string(e, 'dayKey', path),
        band: {id: string(band, 'id', `${path}.band`), title: string(band, 'title', `${path}.band`)},
        next: parseNext(e.next === undefined ? null : e.next, `${path}.next`),
        today: {done, total},
        bandComplete: bool(e, 'bandComplete', path),
        dayComplete: bool(e, 'dayComplete', path),
        url: string(e, 'url', path),
    };
}

/**
 * The timeline in `text`, checked field by field.
 *
 * @param {string} text - the file's contents
 * @returns {object} `{generatedAt, validUntil, validUntilText, entries[]}`, instants in epoch ms
 * @throws {TimelineError} naming the JSON path and what is wrong
 */
export function parseTimeline(text) {
    if (text.trim() === '')
        throw new TimelineError('the file is empty');
    let json;
    try {
        json = JSON.parse(text);
    } catch (e) {
        throw new TimelineError(`not JSON (${e.message})`);
    }
    const root = object(json, '$');
    if (root.schema !== 1) {
        if (Number.isInteger(root.schema) && root.schema > 1)
            fail('schema', 'is newer than this extension reads (1); update the extension', root.schema);
        fail('schema', 'expected 1', root.schema);
    }
    if (root.kind !== 'NitnemNow')
        fail('kind', 'expected "NitnemNow"', root.kind);
    if (!Array.isArray(root.entries))
        fail('entries', 'expected an array', root.entries);
    if (root.entries.length === 0)
        fail('entries', 'is empty');
    const entries = root.entries.map((e, i) => parseEntry(e, `entries[${i}]`));
    for (let i = 1; i < entries.length; i++) {
        if (entries[i].date < entries[i - 1].date)
            fail(`entries[${i}].date`, 'is before the entry above it', entries[i].dateText);
    }
    return {
        generatedAt: instant(root, 'generatedAt', '$'),
        validUntil: instant(root, 'validUntil', '$'),
        validUntilText: root.validUntil,
        entries,
    };
}

/**
 * The timeline in the file's raw bytes: size and UTF-8 are checked before the JSON.
 *
 * @param {Uint8Array} bytes - the file's contents
 * @returns {object} as `parseTimeline`
 * @throws {TimelineError} naming what is wrong
 */
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

/**
 * The entry to show at `now`: the last whose `date` ≤ now. `stale` once now ≥ `validUntil`.
 *
 * @param {object} timeline - from `parseTimeline`
 * @param {number} now - epoch ms
 * @returns {(object|null)} `{entry, index, stale}`, or `null` before the first entry
 */
export function pick(timeline, now) {
    let index = -1;
    for (let i = 0; i < timeline.entries.length; i++) {
        if (timeline.entries[i].date <= now)
            index = i;
        else
            break;
    }
    if (index < 0)
        return null;
    return {entry: timeline.entries[index], index, stale: now >= timeline.validUntil};
}

/**
 * When what `pick` shows changes next: the first entry `date` after now, or `validUntil` when that
 * comes first (the label dims); `null` when nothing in the file changes any more.
 *
 * @param {object} timeline - from `parseTimeline`
 * @param {number} now - epoch ms
 * @returns {(number|null)} epoch ms
 */
export function nextWake(timeline, now) {
    let wake = null;
    const later = timeline.entries.find(e => e.date > now);
    if (later)
        wake = later.date;
    if (timeline.validUntil > now && (wake === null || timeline.validUntil < wake))
        wake = timeline.validUntil;
    return wake;
}

/**
 * The GLib timeout for a wake at `wake`: at least 1 ms (never a busy 0), at most `MAX_DELAY_MS`
 * (a far wake is re-armed then, which also bounds drift across a suspend).
 *
 * @param {(number|null)} wake - epoch ms from `nextWake`
 * @param {number} now - epoch ms
 * @returns {(number|null)} milliseconds, or `null` for no timeout
 */
export function delayMs(wake, now) {
    if (wake === null)
        return null;
    return Math.min(Math.max(Math.ceil(wake - now), 1), MAX_DELAY_MS);
}

/** The title forms of config `titles`, as `nitnem mark --list --format json` names the chosen one. */
export const TITLE_FORMS = ['english', 'gurmukhi', 'both'];

/**
 * A bani's title in the form nitnem chose (config `titles`, from the checklist's `titles`):
 * `Japji Sahib`, `ਜਪੁ ਜੀ ਸਾਹਿਬ` (the English one when there is no Gurmukhi one) or both.
 *
 * @param {object} bani - `{titleEn, titleGurmukhi}`
 * @param {string} form - one of `TITLE_FORMS`
 * @returns {string} the title
 */
export function titled(bani, form) {
    if (!bani.titleGurmukhi || form === 'english')
        return bani.titleEn;
    return form === 'gurmukhi' ? bani.titleGurmukhi : `${bani.titleEn} (${bani.titleGurmukhi})`;
}

/**
 * The panel label: `Rehras Sahib · 5/7`, `Nitnem complete · 7/7`, as `nitnem status` words it.
 *
 * @param {object} entry - a parsed entry
 * @param {string} [titles] - the title form nitnem chose (`english` until the checklist says)
 * @returns {string} the label
 */
export function label(entry, titles = 'english') {
    const c = `${entry.today.done}/${entry.today.total}`;
    if (entry.next)
        return `${titled(entry.next, titles)} · ${c}`;
    if (entry.today.total === 0)
        return 'Nitnem not available';
    if (entry.dayComplete)
        return `Nitnem complete · ${c}`;
    return `Nitnem · ${c}`;
}

/**
 * The menu's text lines, top to bottom: band and day, the next bani with its Gurmukhi title,
 * where to resume, today's count, and a stale note.
 *
 * @param {object} entry - a parsed entry
 * @param {object} [opts] - `{stale: boolean, validUntilText: string, titles: string}` (`titles`:
 *   the title form nitnem chose; both titles when not given)
 * @returns {string[]} the lines
 */
export function menuLines(entry, opts = {}) {
    let head = `${entry.band.title} · Nitnem day ${entry.dayKey}`;
    if (opts.stale)
        head += ' (stale)';
    const lines = [head];
    if (entry.next) {
        const n = entry.next;
        lines.push(`Next: ${titled(n, opts.titles || 'both')}`);
        if (n.resume) {
            const pct = Math.round(n.resume.fraction * 100);
            lines.push(`Resume at line ${n.resume.seq} of ${n.resume.nLines} (${pct}%)`);
        } else {
            lines.push('Start from the beginning');
        }
    } else if (entry.today.total === 0) {
        lines.push('Nitnem not available in this database');
    } else if (entry.dayComplete) {
        lines.push("Today's Nitnem is complete");
    } else {
        lines.push('Nothing to read next in this band');
    }
    let progress = `Today: ${entry.today.done} of ${entry.today.total} read`;
    if (entry.bandComplete && !entry.dayComplete)
        progress += ` · ${entry.band.title} done`;
    lines.push(progress);
    if (opts.stale) {
        const until = opts.validUntilText ? ` (valid until ${opts.validUntilText})` : '';
        lines.push(`Timeline is out of date${until}: is the nitnem agent running?`);
    }
    return lines;
}

/**
 * `url` when it is a nitnem deep link (`sggs://…`, no spaces or control characters), else `null`:
 * the file is only data, so it must not be able to make the Shell open a local program or file.
 *
 * @param {*} url - the entry's `url` or `next.url`
 * @returns {(string|null)} the URL to open
 */
export function safeUrl(url) {
    if (typeof url !== 'string' || url.length > 2048)
        return null;
    return /^sggs:\/\/[A-Za-z0-9_\-./?=&%~+:]*$/.test(url) ? url : null;
}

/**
 * Everything the indicator shows at `now` for a parsed timeline.
 *
 * @param {object} timeline - from `parseTimeline`
 * @param {number} now - epoch ms
 * @returns {object} `{label, lines, url, stale, warning, wake}`
 */
export function view(timeline, now, titles = null) {
    const picked = pick(timeline, now);
    const wake = nextWake(timeline, now);
    if (!picked) {
        const first = timeline.entries[0].dateText;
        return errorView(`the timeline starts at ${first}, after now: is the clock right?`, wake);
    }
    const {entry, stale} = picked;
    return {
        label: label(entry, titles || 'english'),
        lines: menuLines(entry, {stale, validUntilText: timeline.validUntilText, titles: titles || 'both'}),
        url: safeUrl(entry.next ? entry.next.url : entry.url) || safeUrl(entry.url),
        stale,
        warning: null,
        wake,
    };
}

/**
 * What the indicator shows when there is no entry to show: `Nitnem ⚠` and the reason.
 *
 * @param {string} reason - one line
 * @param {(number|null)} [wake] - when to look again, epoch ms
 * @returns {object} as `view`
 */
export function errorView(reason, wake = null) {
    return {label: 'Nitnem ⚠', lines: [reason], url: null, stale: false, warning: reason, wake};
}

/** `nitnem mark --list --format json` prints about 2 KiB; more is not its output. */
export const MAX_CHECKLIST_BYTES = 256 * 1024;

/**
 * The nitnem program to run: the one on the Shell's `PATH`, else `~/.local/bin/nitnem` (where
 * `make install PREFIX=~/.local` puts it, and often not on a session's `PATH`), else `nitnem`
 * (so the error names it).
 *
 * @param {function(string): (string|null)} findInPath - `GLib.find_program_in_path`
 * @param {string} home - the home folder
 * @param {function(string): boolean} isExecutable - whether a path is an executable file
 * @returns {string} the program, for argv[0]
 */
export function programPath(findInPath, home, isExecutable) {
    const found = findInPath('nitnem');
    if (found)
        return found;
    const local = `${home.replace(/\/+$/, '')}/.local/bin/nitnem`;
    return isExecutable(local) ? local : 'nitnem';
}

/**
 * The argv that asks nitnem for the day's checklist.
 *
 * @param {string} program - from `programPath`
 * @returns {string[]} argv, run without a shell
 */
export function checklistArgv(program) {
    return [program, 'mark', '--list', '--format', 'json'];
}

/**
 * The argv that says whether config `listen` is set: `nitnem status --format json` (its `listen`).
 *
 * @param {string} program - from `programPath`
 * @returns {string[]}
 */
export function statusArgv(program) {
    return [program, 'status', '--format', 'json'];
}

/**
 * Whether `nitnem status --format json` says config `listen` is set (`"listen": true`); anything
 * else (no field, not JSON) is no.
 *
 * @param {string} text - its stdout
 * @returns {boolean}
 */
export function parseListen(text) {
    try {
        const json = JSON.parse(text);
        return json !== null && typeof json === 'object' && json.listen === true;
    } catch (e) {
        return false;
    }
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const BANI_ID = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/**
 * The checklist `nitnem mark --list --format json` printed, checked field by field.
 *
 * @param {string} text - its stdout
 * @returns {object} `{titles, dayKey, band: {id, title}, done, total, banis: [{id, titleEn,
 *   titleGurmukhi, title, read, next}]}`: `titles` and `title` in the form config `titles` chose
 * @throws {TimelineError} naming the JSON path and what is wrong
 */
export function parseChecklist(text) {
    if (text.length > MAX_CHECKLIST_BYTES)
        throw new TimelineError(`the checklist is ${text.length} characters, more than nitnem prints`);
    if (text.trim() === '')
        throw new TimelineError('the checklist is empty');
    let json;
    try {
        json = JSON.parse(text);
    } catch (e) {
        throw new TimelineError(`the checklist is not JSON (${e.message})`);
    }
    const root = object(json, '$');
    const dayKey = string(root, 'dayKey', '$');
    if (!DAY_KEY.test(dayKey))
        fail('$.dayKey', 'expected a day YYYY-MM-DD', dayKey);
    const band = object(root.band, '$.band');
    const today = object(root.today, '$.today');
    if (!Array.isArray(root.banis))
        fail('$.banis', 'expected an array', root.banis);
    const banis = root.banis.map((value, i) => {
        const path = `$.banis[${i}]`;
        const b = object(value, path);
        const id = string(b, 'id', path);
        // An id is passed to nitnem as one argv word: it must not look like an option.
        if (!BANI_ID.test(id))
            fail(`${path}.id`, 'expected a bani id like japji or rehras/taksal', id);
        const titleEn = string(b, 'titleEn', path);
        const titleGurmukhi = optionalString(b, 'titleGurmukhi', path);
        return {
            id,
            titleEn,
            titleGurmukhi,
            // The title in the form nitnem chose; an older nitnem prints none: the English one.
            title: b.title === undefined ? titleEn : string(b, 'title', path),
            read: bool(b, 'read', path),
            next: bool(b, 'next', path),
        };
    });
    // Config `titles`, as nitnem applied it; an older nitnem says nothing: English.
    const titles = root.titles === undefined ? 'english' : string(root, 'titles', '$');
    if (!TITLE_FORMS.includes(titles))
        fail('$.titles', `expected one of ${TITLE_FORMS.join(', ')}`, titles);
    return {
        titles,
        dayKey,
        band: {id: string(band, 'id', '$.band'), title: string(band, 'title', '$.band')},
        done: count(today, 'done', '$.today'),
        total: count(today, 'total', '$.today'),
        banis,
    };
}

/**
 * What the menu holds: the view's text lines, then one item per bani of the checklist (`✓` read,
 * `○` not; activating one runs `nitnem mark <id> --day <day>`, or with `--undo` when it is read),
 * then "Read now" (`nitnem open <url>`, or `nitnem open` when only the checklist is there), then
 * "Listen" when config `listen` is set (`nitnem listen <url>` for a bani's link, `nitnem listen`
 * when only the checklist is there). Every command is an argv for Gio.Subprocess: no shell.
 *
 * @param {object} v - from `view` or `errorView`
 * @param {(object|null)} checklist - from `parseChecklist`, or `null` when there is none
 * @param {string} program - from `programPath`
 * @param {(string|null)} [checklistError] - why there is no checklist, shown as a line
 * @param {boolean} [listen] - whether config `listen` is set (`parseListen`)
 * @returns {object} `{lines: string[], banis: [{label, id, read, next, argv}], read: ({label, argv}|null),
 *   listen: ({label, argv}|null)}`
 */
export function menuModel(v, checklist, program, checklistError = null, listen = false) {
    const lines = [...v.lines];
    const banis = [];
    if (checklist) {
        for (const b of checklist.banis) {
            const argv = [program, 'mark', b.id, '--day', checklist.dayKey];
            if (b.read)
                argv.push('--undo');
            banis.push({
                label: `${b.read ? '✓' : '○'} ${b.title}${b.next ? ' · next' : ''}`,
                id: b.id,
                read: b.read,
                next: b.next,
                argv,
            });
        }
    } else if (checklistError) {
        lines.push(`Today's banis: ${checklistError}`);
    }
    // The view's link (the next bani, or the Nitnem home). Without a timeline to show but with
    // nitnem answering, `nitnem open` alone opens what `nitnem status` shows next.
    let read = null;
    if (v.url)
        read = {label: 'Read now', argv: [program, 'open', v.url]};
    else if (checklist)
        read = {label: 'Read now', argv: [program, 'open']};
    // A bani's link only: the Nitnem home (a day complete) has nothing to play.
    let play = null;
    if (listen && v.url && !v.url.startsWith('sggs://nitnem'))
        play = {label: 'Listen', argv: [program, 'listen', v.url]};
    else if (listen && !v.url && checklist && checklist.banis.some(b => b.next))
        play = {label: 'Listen', argv: [program, 'listen']};
    return {lines, banis, read, listen: play};
}
