// dactl's stdout and stderr. To a pipe, a socket (what a parent process's `spawn` gives) or a
// file, dactl writes straight to the file descriptor, synchronously. Node's own process.stdout
// would not: on a pipe it queues what the reader has not taken yet (libuv makes the pipe
// non-blocking), and building it loads Node's net and stream modules, most of what
// `dactl --help | less` costs. So does the null device (`> /dev/null` in a cron line). A
// terminal, or any other device, gets Node's own stream; so does the rest of a run whose pipe
// another process left non-blocking.
//
// A synchronous write to a full pipe (a pager that is not reading) waits, and the whole run with
// it. One command can afford that; a fleet run cannot, since its other panels' requests and
// their --timeout go on meanwhile: there the writes queue in memory instead (queueWrites), and a
// write waits for the reader in libuv's thread pool, not in the run.
import { fstatSync, statSync, write as writeAsync, writeSync, type Stats } from 'node:fs';
import type { Output } from '../io.js';

/** What a closed pipe does: stdout ends the run quietly, as other Unix tools do. */
const onClosed: Record<1 | 2, () => void> = {
  1: () => process.exit(0),
  // No one reads the messages any more; the command's own outcome stands.
  2: () => undefined,
};

/** Queued output past which a fleet run starts no other panel until the reader catches up. */
const queueBound = 1024 * 1024;

function nodeStream(fd: 1 | 2): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') onClosed[fd]();
    else throw error;
  });
  return stream;
}

/** Whether a descriptor's file is the null device (a terminal is a character device too). */
function isNullDevice(kind: Stats): boolean {
  if (!kind.isCharacterDevice()) return false;
  try {
    return kind.rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}

/** Node's stream has room again (it queues without limit, and says when it has drained). */
const drained = (stream: NodeJS.WriteStream): Promise<void> =>
  stream.writableNeedDrain
    ? new Promise((resolve) => stream.once('drain', resolve))
    : Promise.resolve();

/** The process's stdout (1) or stderr (2). */
export function processOutput(fd: 1 | 2): Output {
  let kind;
  try {
    kind = fstatSync(fd);
  } catch {
    return nodeStream(fd);
  }
  if (!kind.isFIFO() && !kind.isSocket() && !kind.isFile() && !isNullDevice(kind)) {
    return nodeStream(fd);
  }
  let stream: NodeJS.WriteStream | undefined;
  /** Once queueWrites was called: what waits to be written, in order, and its size. */
  let queue: Buffer[] | undefined;
  let queued = 0;
  let writing = false;
  let waiting: (() => void)[] = [];

  /** The rest of the run goes to Node's stream, which queues what is left. */
  const toStream = (rest: Buffer): boolean => {
    stream = nodeStream(fd);
    return stream.write(rest);
  };

  const settle = (): void => {
    if (queued > queueBound) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };

  // One write at a time, through the thread pool: a full pipe holds one of its threads.
  const pump = (): void => {
    if (writing || !queue?.length) return;
    const bytes = queue.length === 1 ? (queue[0] as Buffer) : Buffer.concat(queue);
    queue = [];
    writing = true;
    writeAsync(fd, bytes, (error, written) => {
      writing = false;
      if (error?.code === 'EAGAIN') {
        toStream(bytes);
        for (const chunk of queue ?? []) (stream as NodeJS.WriteStream).write(chunk);
        queue = undefined;
        queued = 0;
        settle();
        return;
      }
      if (error?.code === 'EPIPE') {
        onClosed[fd]();
        return;
      }
      if (error) throw error;
      queued -= written;
      if (written < bytes.length) queue?.unshift(bytes.subarray(written));
      settle();
      pump();
    });
  };

  return {
    isTTY: false,
    write(text: string): boolean {
      if (stream) return stream.write(text);
      const bytes = Buffer.from(text);
      if (queue) {
        queue.push(bytes);
        queued += bytes.length;
        pump();
        return queued <= queueBound;
      }
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPIPE') onClosed[fd]();
        // A pipe left non-blocking by another process.
        else if (code === 'EAGAIN') return toStream(bytes.subarray(done));
        else throw error;
      }
      return true;
    },
    queueWrites() {
      queue ??= [];
      return () => {
        if (stream) return drained(stream);
        if (queued <= queueBound) return Promise.resolve();
        return new Promise((resolve) => waiting.push(resolve));
      };
    },
  };
}
