// dactl's stdout and stderr. To a pipe, a socket (what a parent process's `spawn` gives) or a
// file, dactl writes straight to the file descriptor with writeSync: building Node's
// process.stdout loads Node's net and stream modules, most of what `dactl --help | less` costs.
// So does the null device (`> /dev/null` in a cron line). Node's own stream would write a file
// synchronously but a pipe or socket asynchronously, queueing in memory what the reader has not
// taken; writeSync instead waits while the pipe is full, so a reader that stops reading stops
// dactl, timers and requests in flight included. A terminal, or any other device, gets Node's
// own stream; so does the rest of a run whose pipe was left non-blocking (EAGAIN below).
import { fstatSync, statSync, writeSync, type Stats } from 'node:fs';
import type { Output } from '../io.js';

/** What a closed pipe does: stdout ends the run quietly, as other Unix tools do. */
const onClosed: Record<1 | 2, () => void> = {
  1: () => process.exit(0),
  // No one reads the messages any more; the command's own outcome stands.
  2: () => undefined,
};

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
  return {
    isTTY: false,
    write(text: string): boolean {
      if (stream) return stream.write(text);
      const bytes = Buffer.from(text);
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPIPE') onClosed[fd]();
        else if (code === 'EAGAIN') {
          // A pipe left non-blocking by another process: Node's stream queues what is left.
          stream = nodeStream(fd);
          return stream.write(bytes.subarray(done));
        } else throw error;
      }
      return true;
    },
  };
}
