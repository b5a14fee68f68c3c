/**
 * Preloaded into each workflow thread's sandbox (see workflow-bundle.ts), before the SDK freezes its
 * globals; never imported. The SDK records a stack trace for every promise a workflow creates (for the
 * stack-trace query of the Temporal UI): V8 captures `Error.stackTraceLimit` frames (10 by default)
 * and the SDK maps and formats each one. Most of those frames are the SDK's own and Node's below the
 * workflow's code, and the SDK cuts them away afterwards; five keep the frames where a workflow waits,
 * and a backlog of notifications drains about a tenth faster (README, Benchmark, Drain). Errors thrown
 * in workflow code keep five frames too; activities run outside the sandbox and keep theirs.
 */
Error.stackTraceLimit = 5;

export {};
