# SPDX-License-Identifier: GPL-3.0-or-later
"""A pointer click on KWin's screen, as a mouse makes it: KWin's own fake input device
(`org_kde_kwin_fake_input`, the protocol kdeconnect's mouse pad and KWin's tests use), spoken in
the Wayland wire format over the compositor's socket, so nothing beyond Python is needed.

KWin offers that interface only to clients a desktop file vouches for
(`X-KDE-Wayland-Interfaces`), or to any client when it runs with
KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, as real-server.py starts it.

Request numbers are the order of the requests in plasma-wayland-protocols' fake-input.xml
(authenticate 0, button 2, pointer_motion_absolute 9, since version 3).
"""
import os
import socket
import struct
import time

BTN_LEFT = 0x110
_DISPLAY, _REGISTRY = 1, 2


class Pointer:
    """One connection to the compositor with the fake input device bound."""

    def __init__(self, env):
        """Connects to the compositor of env (its XDG_RUNTIME_DIR and WAYLAND_DISPLAY)."""
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(os.path.join(env["XDG_RUNTIME_DIR"], env["WAYLAND_DISPLAY"]))
        self.buffer = b""
        self.next_id = 3  # the server takes new ids only in order, none skipped
        self._send(_DISPLAY, 1, struct.pack("<I", _REGISTRY))  # wl_display.get_registry
        offered = {}

        def on_event(obj, op, body):
            if obj == _REGISTRY and op == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack_from("<II", body)
                interface = body[8:8 + length - 1].decode()
                offered[interface] = (name, struct.unpack_from("<I", body, 8 + length + (-length % 4))[0])
        self._roundtrip(on_event)
        if "org_kde_kwin_fake_input" not in offered:
            raise RuntimeError("KWin offers no org_kde_kwin_fake_input to this client "
                               "(KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 not set for kwin_wayland?)")
        name, version = offered["org_kde_kwin_fake_input"]
        if version < 3:
            raise RuntimeError(f"org_kde_kwin_fake_input version {version}: no absolute motion (3)")
        # wl_registry.bind(name, new_id as interface string, version, id)
        self.device = self._new_id()
        self._send(_REGISTRY, 0, struct.pack("<I", name) + _string("org_kde_kwin_fake_input") + struct.pack("<II", 3, self.device))
        self._send(self.device, 0, _string("nitnem tests") + _string("press a notification as a person would"))
        self._roundtrip()

    def click(self, x, y, button=BTN_LEFT):
        """Moves the pointer to (x, y) in the compositor's coordinates, lets it rest, then presses
        and releases `button`, each step handled by KWin before the next."""
        self._send(self.device, 9, _fixed(x) + _fixed(y))
        self._roundtrip()
        time.sleep(0.4)
        self._send(self.device, 2, struct.pack("<II", button, 1))
        self._roundtrip()
        time.sleep(0.1)
        self._send(self.device, 2, struct.pack("<II", button, 0))
        self._roundtrip()

    def close(self):
        self.sock.close()

    def _new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def _send(self, obj, op, payload=b""):
        self.sock.sendall(struct.pack("<II", obj, ((8 + len(payload)) << 16) | op) + payload)

    def _roundtrip(self, on_event=lambda obj, op, body: None):
        """wl_display.sync, then events until its callback is done: all sent before it is handled."""
        callback = self._new_id()
        self._send(_DISPLAY, 0, struct.pack("<I", callback))
        while True:
            while len(self.buffer) >= 8:
                obj, word = struct.unpack_from("<II", self.buffer)
                size, op = word >> 16, word & 0xFFFF
                if len(self.buffer) < size:
                    break
                body, self.buffer = self.buffer[8:size], self.buffer[size:]
                if obj == _DISPLAY and op == 0:  # wl_display.error(object, code, message)
                    raise RuntimeError(f"KWin refused a request: {body[12:].rstrip(bytes(1)).decode(errors='replace')}")
                if obj == callback and op == 0:
                    return
                on_event(obj, op, body)
            data = self.sock.recv(4096)
            if not data:
                raise RuntimeError("KWin closed the connection")
            self.buffer += data


def _string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + bytes(-len(data) % 4)


def _fixed(value):
    return struct.pack("<i", round(value * 256))


def click(env, x, y):
    """One left click at (x, y) on the compositor of env."""
    pointer = Pointer(env)
    try:
        pointer.click(x, y)
    finally:
        pointer.close()
