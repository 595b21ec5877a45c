// SPDX-License-Identifier: GPL-3.0-or-later
// nitnem for GNOME Shell 45 and later: shows the current entry of the widget timeline the nitnem
// agent writes (`<group>/widgets/NitnemNow.json`) in the top panel, with a menu of its lines, today's
// banis (activating one marks or unmarks it) and the actions (open the reader, mark read, listen),
// all as the entry's `display` words and orders them; when the menu opens, `nitnem status --format
// json` gives the same display for that moment. Every nitnem command is run as an argv by
// Gio.Subprocess, never through a shell.
//
// It never polls. It wakes on a change in the widgets folder (a Gio.FileMonitor on the folder,
// since the agent renames a new file into place), on one GLib timeout armed for the next entry's
// `date` (or `validUntil`), and on resume from suspend (the timeout runs on the monotonic clock,
// which stops while the machine sleeps). All deciding is in widget.js, the logic the Plasma widget
// loads too (contrib/shared/widget.js, copied here by gen-43.sh).
//
// This is the source: gen-43.sh makes the GNOME Shell 43/44 variant of it (legacy `imports.*`
// modules, in the build folder: .build/contrib/nitnem@nitnem-43/), with its own imports and
// extension object around the lines from BEGIN to END below, unchanged.

import Clutter from 'gi://Clutter';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import GObject from 'gi://GObject';
import St from 'gi://St';

import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as PanelMenu from 'resource:///org/gnome/shell/ui/panelMenu.js';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

import * as Widget from './widget.js';

// BEGIN shared with GNOME 43/44: gen-43.sh copies the lines from here to END unchanged into
// ../nitnem@nitnem-43/extension.js, between that variant's imports and its extension object.
// They may use only what both variants define: Clutter, Gio, GLib, GObject, St, Main, PanelMenu,
// PopupMenu, Widget, and the Shell's globals (global, logError).

const STATE_CLASSES = ['nitnem-stale', 'nitnem-warning', 'nitnem-complete'];

/**
 * An St.BoxLayout laid out top to bottom, in every Shell from 43 to 51: St's `vertical` property is
 * gone in 51 and its `orientation` property came in 48, but in each the box's direction is its
 * Clutter.BoxLayout's `orientation` (both properties only forward to it), which all of them have.
 */
function verticalBox(params) {
    const box = new St.BoxLayout(params);
    box.layout_manager.orientation = Clutter.Orientation.VERTICAL;
    return box;
}

const NitnemIndicator = GObject.registerClass(
class NitnemIndicator extends PanelMenu.Button {
    _init() {
        super._init(0.0, 'Nitnem');
        this._label = new St.Label({
            text: 'Nitnem',
            y_align: Clutter.ActorAlign.CENTER,
            style_class: 'nitnem-label',
        });
        this.add_child(this._label);

        const paths = Widget.timelinePath(
            Widget.groupPath(name => GLib.getenv(name), GLib.get_home_dir()));
        this._dir = Gio.File.new_for_path(paths.dir);
        this._file = Gio.File.new_for_path(paths.file);
        this._cancellable = new Gio.Cancellable();
        this._timeline = null;
        this._error = `reading ${paths.file}…`;
        this._timeoutId = 0;
        this._idleId = 0;
        this._monitor = null;
        this._monitorId = 0;
        this._sleepSub = 0;
        this._program = Widget.programPath(name => GLib.find_program_in_path(name), GLib.get_home_dir(),
            path => GLib.file_test(path, GLib.FileTest.IS_EXECUTABLE) &&
                !GLib.file_test(path, GLib.FileTest.IS_DIR));
        // Each run of `nitnem status` (and each refresh, which makes older answers stale) counts one.
        this._statusRun = 0;

        this._show(Widget.errorView(this._error));
        this._watch();
        this._reload();

        // The menu always shows the state at the moment it opens, not at the last wake.
        this._menuId = this.menu.connect('open-state-changed', (_menu, open) => {
            if (open) {
                this._refresh();
                this._loadStatus();
            }
        });
    }

    _watch() {
        try {
            // WATCH_MOVES: the agent's rename of a temporary file over NitnemNow.json arrives as
            // one RENAMED event whose other file is NitnemNow.json.
            this._monitor = this._dir.monitor_directory(Gio.FileMonitorFlags.WATCH_MOVES, this._cancellable);
            // A widgets folder that appears (or goes) later is announced as an event on the folder
            // itself, and a file written right after the folder was made comes with no event of
            // its own (GLib watches a missing folder by looking again every few seconds).
            this._monitorId = this._monitor.connect('changed', (_m, file, other) => {
                const names = [file, other].filter(f => f).map(f => f.get_basename());
                if (names.includes(Widget.FILE_NAME) || file.equal(this._dir))
                    this._queueReload();
            });
        } catch (e) {
            logError(e, 'nitnem: cannot watch the widgets folder');
        }
        try {
            this._sleepSub = Gio.DBus.system.signal_subscribe(
                'org.freedesktop.login1', 'org.freedesktop.login1.Manager', 'PrepareForSleep',
                '/org/freedesktop/login1', null, Gio.DBusSignalFlags.NONE,
                (_c, _s, _p, _i, _n, params) => {
                    const [sleeping] = params.deep_unpack();
                    if (!sleeping)
                        this._queueReload();
                });
        } catch (e) {
            logError(e, 'nitnem: cannot follow suspend and resume');
        }
    }

    _queueReload() {
        // A rename, a create and a changes-done hint may come together: read once.
        if (this._idleId)
            return;
        this._idleId = GLib.idle_add(GLib.PRIORITY_DEFAULT_IDLE, () => {
            this._idleId = 0;
            this._reload();
            return GLib.SOURCE_REMOVE;
        });
    }

    _reload() {
        const path = this._file.get_path();
        this._file.query_info_async('standard::size,standard::type', Gio.FileQueryInfoFlags.NONE,
            GLib.PRIORITY_DEFAULT, this._cancellable, (file, res) => {
                let info;
                try {
                    info = file.query_info_finish(res);
                } catch (e) {
                    if (e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                        return;
                    this._fail(e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.NOT_FOUND)
                        ? `no timeline at ${path}: is the nitnem agent running (nitnem run)?`
                        : `${path}: ${e.message}`);
                    return;
                }
                if (info.get_file_type() !== Gio.FileType.REGULAR) {
                    this._fail(`${path}: not a regular file`);
                    return;
                }
                if (info.get_size() > Widget.MAX_BYTES) {
                    this._fail(`${path}: ${info.get_size()} bytes, too large for a timeline`);
                    return;
                }
                file.load_contents_async(this._cancellable, (f, r) => this._loaded(f, r, path));
            });
    }

    _loaded(file, res, path) {
        let bytes;
        try {
            [, bytes] = file.load_contents_finish(res);
        } catch (e) {
            if (!e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                this._fail(`${path}: ${e.message}`);
            return;
        }
        try {
            this._timeline = Widget.decodeTimeline(bytes);
            this._error = null;
        } catch (e) {
            if (!(e instanceof Widget.DataError))
                logError(e, 'nitnem: unexpected error reading the timeline');
            this._fail(`${path}: ${e.message}`);
            return;
        }
        this._refresh();
    }

    _fail(reason) {
        // What could not be read replaces what was shown: an old entry would look current.
        this._timeline = null;
        this._error = reason;
        this._refresh();
    }

    _refresh() {
        const now = Date.now();
        // A new timeline, or its next entry: an answer of `nitnem status` still on its way is older.
        this._statusRun++;
        const v = this._timeline ? Widget.view(this._timeline, now) : Widget.errorView(this._error);
        this._show(v);
        this._arm(Widget.delayMs(v.wake, now));
    }

    /**
     * Runs `argv` (no shell); `done(ok, stdout, stderr)` when it has exited. Without `capture` its
     * output is dropped and only the exit is waited for: a reader that `nitnem open` starts may keep
     * inherited pipes open for as long as it runs.
     */
    _spawn(argv, done, capture = true) {
        let proc;
        try {
            proc = Gio.Subprocess.new(argv, capture
                ? Gio.SubprocessFlags.STDOUT_PIPE | Gio.SubprocessFlags.STDERR_PIPE
                : Gio.SubprocessFlags.STDOUT_SILENCE | Gio.SubprocessFlags.STDERR_SILENCE);
        } catch (e) {
            done(false, '', e.message);
            return;
        }
        if (!capture) {
            proc.wait_async(this._cancellable, (p, res) => {
                try {
                    p.wait_finish(res);
                } catch (e) {
                    if (!e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                        done(false, '', e.message);
                    return;
                }
                done(p.get_successful(), '', p.get_successful() ? '' : `exit status ${p.get_exit_status()}`);
            });
            return;
        }
        proc.communicate_utf8_async(null, this._cancellable, (p, res) => {
            let stdout = '';
            let stderr = '';
            try {
                [, stdout, stderr] = p.communicate_utf8_finish(res);
            } catch (e) {
                if (e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                    return;
                done(false, '', e.message);
                return;
            }
            done(p.get_successful(), stdout || '', stderr || '');
        });
    }

    /** Shows what `nitnem status --format json` shows now; a failed run keeps the timeline's view. */
    _loadStatus() {
        const run = ++this._statusRun;
        this._spawn(Widget.statusArgv(this._program), (ok, stdout) => {
            if (run !== this._statusRun || !ok)
                return;
            try {
                this._show(Widget.parseStatus(stdout));
            } catch (e) {
                logError(e, 'nitnem: unexpected output of nitnem status');
            }
        });
    }

    /** Runs a menu item's nitnem command; a failure is shown as a Shell notification. */
    _run(argv, capture = true) {
        this._spawn(argv, (ok, _stdout, stderr) => {
            if (!ok)
                Main.notifyError('Nitnem', `nitnem ${argv.slice(1).join(' ')}: ${stderr.trim() || 'failed'}`);
            // The agent rewrites the timeline after a mark; nitnem is asked at once all the same.
            this._loadStatus();
        }, capture);
    }

    _arm(delay) {
        if (this._timeoutId) {
            GLib.source_remove(this._timeoutId);
            this._timeoutId = 0;
        }
        if (delay === null)
            return;
        this._timeoutId = GLib.timeout_add(GLib.PRIORITY_DEFAULT, delay, () => {
            this._timeoutId = 0;
            // Re-read rather than trust the cache: a change the monitor missed is picked up here.
            this._reload();
            return GLib.SOURCE_REMOVE;
        });
    }

    _show(v) {
        const model = Widget.menuModel(v, this._program);
        this._label.text = model.label;
        for (const c of STATE_CLASSES)
            this._label.remove_style_class_name(c);
        if (v.warning)
            this._label.add_style_class_name('nitnem-warning');
        else if (v.stale)
            this._label.add_style_class_name('nitnem-stale');
        else if (v.complete)
            this._label.add_style_class_name('nitnem-complete');
        this._label.opacity = v.stale ? 128 : 255;

        this.menu.removeAll();
        for (const line of model.lines) {
            const item = new PopupMenu.PopupMenuItem(line, {reactive: false, can_focus: false});
            item.label.clutter_text.line_wrap = true;
            this.menu.addMenuItem(item);
        }
        for (const [i, group] of [model.items, model.actions].entries()) {
            if (group.length > 0)
                this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
            for (const c of group) {
                const item = new PopupMenu.PopupMenuItem(c.label);
                if (c.next)
                    item.label.add_style_class_name('nitnem-next');
                // A mark's output says why it failed; a reader or player keeps its pipes: not read.
                item.connect('activate', () => this._run(c.argv, i === 0 || c.id === 'mark'));
                this.menu.addMenuItem(item);
            }
        }
        // Last: today's banis and the actions stay at the top of a screen too short for the whole menu.
        if (model.journey)
            this._addJourney(model.journey);
    }

    /** The month as nitnem words it: its title, the streaks, and a grid of days, each named for a screen reader. */
    _addJourney(journey) {
        this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
        const item = new PopupMenu.PopupBaseMenuItem({reactive: false, can_focus: false});
        const box = verticalBox({style_class: 'nitnem-journey', x_expand: true});
        box.add_child(new St.Label({text: journey.title, style_class: 'nitnem-journey-title'}));
        box.add_child(new St.Label({text: journey.streaks, style_class: 'nitnem-journey-streaks'}));
        const rows = Widget.journeyRows(journey);
        const head = new St.BoxLayout({style_class: 'nitnem-journey-week'});
        for (const name of rows.weekdays)
            head.add_child(new St.Label({text: name, style_class: 'nitnem-journey-weekday'}));
        box.add_child(head);
        for (const week of rows.weeks) {
            const row = new St.BoxLayout({style_class: 'nitnem-journey-week'});
            for (const day of week) {
                const cell = verticalBox({style_class: 'nitnem-journey-day'});
                if (day) {
                    cell.add_style_class_name(`nitnem-day-${day.state}`);
                    if (day.today)
                        cell.add_style_class_name('nitnem-day-today');
                    cell.add_child(new St.Label({text: day.number, x_align: Clutter.ActorAlign.CENTER}));
                    cell.add_child(new St.Label({text: day.mark || ' ', x_align: Clutter.ActorAlign.CENTER}));
                    cell.accessible_name = day.name;
                    cell.can_focus = true;
                }
                row.add_child(cell);
            }
            box.add_child(row);
        }
        item.add_child(box);
        this.menu.addMenuItem(item);
    }

    destroy() {
        this._cancellable.cancel();
        if (this._timeoutId)
            GLib.source_remove(this._timeoutId);
        if (this._idleId)
            GLib.source_remove(this._idleId);
        this._timeoutId = 0;
        this._idleId = 0;
        if (this._monitor) {
            // Disconnected, not only cancelled: the handler holds this indicator (and the review
            // of extensions.gnome.org asks every connect made on enable to be undone on disable).
            this._monitor.disconnect(this._monitorId);
            this._monitorId = 0;
            this._monitor.cancel();
            this._monitor = null;
        }
        if (this._sleepSub) {
            Gio.DBus.system.signal_unsubscribe(this._sleepSub);
            this._sleepSub = 0;
        }
        // The menu goes with the button; its handler is undone all the same, as every connect is.
        this.menu.disconnect(this._menuId);
        super.destroy();
    }
});

/** Adds the indicator to the panel under `uuid`; returns it, or null if that failed. */
function addIndicator(uuid) {
    // Nothing may escape enable(): a Shell extension that throws is disabled for the session.
    let indicator = null;
    try {
        indicator = new NitnemIndicator();
        Main.panel.addToStatusArea(uuid, indicator);
        return indicator;
    } catch (e) {
        logError(e, 'nitnem: could not add the panel indicator');
        if (indicator)
            indicator.destroy();
        return null;
    }
}

/** Takes what addIndicator() returned off the panel (null: nothing to do); returns null. */
function removeIndicator(indicator) {
    if (indicator)
        indicator.destroy();
    return null;
}
// END shared with GNOME 43/44

// disable() does its work before it returns, and returns nothing: GNOME Shell 51 reports an error for a
// disable() that returns a promise. The menu is opened and closed by PanelMenu.Button itself (its
// vfunc_event up to 49, a Clutter.ClickGesture of its own from 50 on), never from here: from 51 on,
// PopupMenu.open()/close() take a parameters object where 43 to 50 take an animation value.
export default class NitnemExtension extends Extension {
    enable() {
        this._indicator = addIndicator(this.uuid);
    }

    disable() {
        this._indicator = removeIndicator(this._indicator);
    }
}
