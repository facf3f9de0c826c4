// A stop signal during the start is held until the process is up, then shuts it down once;
// a start that never finishes exits after the force time instead of ignoring the signal.
import { EventEmitter } from "node:events";
import { afterEach, expect, it, vi } from "vitest";
import { catchStopSignals } from "../stop-signals";

afterEach(() => vi.useRealTimers());

it("a SIGTERM while starting is held, and shuts the process down once it is up; later signals go straight to stop", () => {
  const proc = new EventEmitter();
  const exit = vi.fn();
  const signals = catchStopSignals({ forceMs: 1000, exit, proc });
  proc.emit("SIGTERM");
  proc.emit("SIGINT"); // a second signal while starting changes nothing
  const stop = vi.fn();
  signals.started(stop);
  expect(stop.mock.calls).toEqual([["SIGTERM"]]);
  proc.emit("SIGINT");
  expect(stop.mock.calls).toEqual([["SIGTERM"], ["SIGINT"]]);
  expect(exit).not.toHaveBeenCalled();
});

it("without a signal while starting, nothing is stopped at start", () => {
  const proc = new EventEmitter();
  const stop = vi.fn();
  catchStopSignals({ forceMs: 1000, exit: vi.fn(), proc }).started(stop);
  expect(stop).not.toHaveBeenCalled();
});

it("a start that never finishes exits the force time after the signal", () => {
  vi.useFakeTimers();
  const proc = new EventEmitter();
  const exit = vi.fn();
  catchStopSignals({ forceMs: 1000, exit, proc });
  proc.emit("SIGTERM");
  vi.advanceTimersByTime(999);
  expect(exit).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(exit).toHaveBeenCalledWith(1);
});

it("a start that finishes in time cancels the forced exit", () => {
  vi.useFakeTimers();
  const proc = new EventEmitter();
  const exit = vi.fn();
  const signals = catchStopSignals({ forceMs: 1000, exit, proc });
  proc.emit("SIGTERM");
  signals.started(() => {});
  vi.advanceTimersByTime(5000);
  expect(exit).not.toHaveBeenCalled();
});
