/**
 * How deep a JSON body may nest. No call of ours, and no payment processor's
 * notice, reads past a few levels; a body of thousands of levels (well
 * within the size limit) overflows the stack of any code that walks it
 * recursively (JSON.stringify among them) and answered 500.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests arrays and objects more than `levels` deep. Read
 * as text, not parsed, so it costs one pass and no depth can overflow it;
 * brackets inside strings do not count. Text that is not JSON gives no
 * meaningful answer, and the parser that reads it afterwards refuses it.
 */
export function nestedDeeperThan(text: string, levels: number) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      if (++depth > levels) return true;
    } else if (CLOSERS.has(code)) depth--;
  }
  return false;
}
