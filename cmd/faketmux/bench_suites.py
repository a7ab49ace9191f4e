#!/usr/bin/python3
"""Run libtmux's and tmuxp's own test suites on tmux and on faketmux, side by side.

A benchmark, not part of CI. Given checkouts of libtmux (tag v0.62.0) and
tmuxp (tag v1.27.0), each suite runs once on the tmux on PATH and once on
faketmux per round, in alternating order, and the script prints each run's
wall time, CPU time (the tests, their clients and the servers they start:
every process under this one, reaped here as a subreaper) and outcome, then
the ratios faketmux/tmux. It also names every test that passed on tmux and
not on faketmux.

    git -C libtmux archive v0.62.0 | tar -x -C /tmp/libtmux
    git -C tmuxp archive v1.27.0 | tar -x -C /tmp/tmuxp
    python3 cmd/faketmux/bench_suites.py --libtmux /tmp/libtmux --tmuxp /tmp/tmuxp

It needs Debian's python3, python3-pytest, python3-pytest-mock,
python3-pytest-rerunfailures and python3-pytest-timeout, and python3-libtmux
and tmuxp for tmuxp's suite (which tests the installed tmuxp, with Debian's
libtmux 0.21.0; libtmux's runs from the checkout's src). faketmux is built
from this checkout as `go install` builds it (default environment, no tags)
unless --faketmux names a binary. Every server a suite starts is on a
private TMUX_TMPDIR, and is killed when the suite ends.
"""

import argparse
import ctypes
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

PR_SET_CHILD_SUBREAPER = 36

SUITES = {
    # name: (version, environment, pytest arguments)
    "libtmux": (
        "0.62.0",
        {"PYTHONPATH": "src"},
        # libtmux's own addopts name plugins Debian lacks (docutils doctests).
        ["-o", "addopts=", "tests"],
    ),
    "tmuxp": ("1.27.0", {}, ["tests"]),
}


def version_of(checkout):
    with open(os.path.join(checkout, "pyproject.toml")) as f:
        m = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M)
    return m.group(1) if m else "?"


def build_faketmux(out):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    subprocess.run(["go", "build", "-o", out, "./cmd/faketmux"], cwd=root, check=True)


def outcomes(junit):
    """test id -> passed, failed, error or skipped, from a junit XML file."""
    result = {}
    try:
        tree = ET.parse(junit)
    except (OSError, ET.ParseError):
        return result
    for case in tree.iter("testcase"):
        name = case.get("classname", "") + "::" + case.get("name", "")
        state = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                state = {"failure": "failed"}.get(child.tag, child.tag)
        result[name] = state
    return result


def reap(deadline):
    """Wait for every child and orphan that is still running, until deadline."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)


def kill_orphans():
    me = str(os.getpid())
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = f.read().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue
        if ppid == me:
            try:
                os.kill(int(pid), signal.SIGKILL)
            except OSError:
                pass


def kill_servers(bindir, tmpdir):
    for root, _, files in os.walk(tmpdir):
        for name in files:
            path = os.path.join(root, name)
            if not name.endswith(".lock"):
                subprocess.run(
                    [os.path.join(bindir, "tmux"), "-S", path, "kill-server"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )


def run_suite(name, checkout, bindir, work, timeout):
    _, extra_env, args = SUITES[name]
    tmpdir = tempfile.mkdtemp(prefix="tm", dir="/tmp")  # short: socket paths
    junit = os.path.join(work, "junit.xml")
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    env.update(extra_env)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    env["TMUX_TMPDIR"] = tmpdir
    cmd = [
        "/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider",
        f"--timeout={timeout}", f"--junitxml={junit}",
    ] + args
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=checkout, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    wall = time.monotonic() - start
    kill_servers(bindir, tmpdir)
    reap(time.monotonic() + 10)
    kill_orphans()
    reap(time.monotonic() + 5)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shutil.rmtree(tmpdir, ignore_errors=True)
    tail = proc.stdout.decode(errors="replace").strip().splitlines()
    summary = tail[-1] if tail else ""
    return wall, cpu, outcomes(junit), summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--libtmux", help="checkout of libtmux at v0.62.0")
    ap.add_argument("--tmuxp", help="checkout of tmuxp at v1.27.0")
    ap.add_argument("--rounds", type=int, default=1, help="runs of each suite on each (default 1)")
    ap.add_argument("--tmux", default=shutil.which("tmux"), help="real tmux (default: the one on PATH)")
    ap.add_argument("--faketmux", help="faketmux binary (default: built from this checkout)")
    ap.add_argument("--timeout", type=int, default=300, help="pytest-timeout per test, seconds")
    opts = ap.parse_args()
    checkouts = {n: getattr(opts, n) for n in SUITES if getattr(opts, n)}
    if not checkouts:
        ap.error("give --libtmux, --tmuxp or both")
    for name, checkout in checkouts.items():
        want, got = SUITES[name][0], version_of(checkout)
        if got != want:
            print(f"warning: {name} is {got}, the pinned version is {want}", file=sys.stderr)
    if not opts.tmux:
        ap.error("no tmux on PATH: give --tmux")

    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    work = tempfile.mkdtemp(prefix="suitebench")
    try:
        bins = {}
        for label, binary in (("tmux", os.path.realpath(opts.tmux)), ("faketmux", opts.faketmux)):
            d = os.path.join(work, label)
            os.mkdir(d)
            if binary is None:
                build_faketmux(os.path.join(d, "tmux"))
            else:
                os.symlink(os.path.abspath(binary), os.path.join(d, "tmux"))
            bins[label] = d
        runs = {(n, b): [] for n in checkouts for b in bins}
        order = ["tmux", "faketmux"]
        for rnd in range(opts.rounds):
            for name, checkout in checkouts.items():
                for label in order:
                    wall, cpu, result, summary = run_suite(
                        name, os.path.abspath(checkout), bins[label], work, opts.timeout)
                    runs[(name, label)].append((wall, cpu, result))
                    print(f"round {rnd + 1} {name:8} {label:8} wall {wall:7.1f} s  cpu {cpu:7.1f} s  {summary}",
                          flush=True)
                order.reverse()

        print()
        for name in checkouts:
            real, fake = runs[(name, "tmux")], runs[(name, "faketmux")]
            walls = [f[0] / r[0] for r, f in zip(real, fake)]
            cpus = [f[1] / r[1] for r, f in zip(real, fake)]
            print(f"{name:8} faketmux/tmux: wall {statistics.median(walls):.2f} (rounds {' '.join(f'{x:.2f}' for x in walls)}),"
                  f" cpu {statistics.median(cpus):.2f} (rounds {' '.join(f'{x:.2f}' for x in cpus)})")
            for r, f in zip(real, fake):
                lost = sorted(t for t, s in r[2].items() if s == "passed" and f[2].get(t) != "passed")
                for t in lost:
                    print(f"  passed on tmux, {f[2].get(t, 'missing')} on faketmux: {t}")
        tw = sum(x[0] for n in checkouts for x in runs[(n, "tmux")])
        fw = sum(x[0] for n in checkouts for x in runs[(n, "faketmux")])
        tc = sum(x[1] for n in checkouts for x in runs[(n, "tmux")])
        fc = sum(x[1] for n in checkouts for x in runs[(n, "faketmux")])
        print(f"both     faketmux/tmux: wall {fw / tw:.2f}, cpu {fc / tc:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
