"""Opens an exported file in speedscope's own page, in headless Chromium, and prints what the
page shows: its toolbar title, or that it stayed on the landing page (nothing imported).
speedscope fetches profiles by #profileURL=..., which Chromium refuses for file:// pages, so the
page and the file are served on a local port for the duration of the load.
Usage: view_in_speedscope.py SPEEDSCOPE_RELEASE_DIR FILE PROFILE_DIR"""
import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading


def serve(viewer_dir, exported):
    """The viewer's files, and the exported file at /profile/<its name>."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            if path.startswith("/profile/"):
                return exported
            return super().translate_path(path)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=viewer_dir))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    viewer_dir, exported, profile_dir = sys.argv[1:4]
    server = serve(viewer_dir, os.path.abspath(exported))
    port = server.server_address[1]
    url = f"http://127.0.0.1:{port}/index.html#profileURL=http://127.0.0.1:{port}/profile/{os.path.basename(exported)}"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        # A file speedscope cannot import leaves its page busy: the load never ends.
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                              "--disable-background-networking", "--disable-component-update", "--disable-sync",
                              f"--user-data-dir={profile_dir}", "--window-size=1400,800",
                              "--virtual-time-budget=5000", "--dump-dom", url],
                             capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        dom = ""
    finally:
        server.shutdown()
    if "Drag and drop a profile file" in dom or not dom:
        print("speedscope: nothing imported (the page stayed on its landing page or never finished loading)")
        return
    text = re.sub(r"<[^>]+>", "\n", dom)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    print("speedscope toolbar:", " | ".join(lines[:12]))


main()
