/** Prose for people wrapped to fit a terminal: no line of a command's text output is wider than LINE_WIDTH. */

export const LINE_WIDTH = 120;

/** Words broken into lines of at most `width`, the first starting with `first`, continuation lines with `indent`. */
export function wrapWords(first: string, text: string, indent = '  ', width = LINE_WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  const room = Math.max(1, width - indent.length);
  // A word longer than a whole line (a long path, a run of digits) is cut into pieces that fit.
  const pieces = text.split(' ').flatMap((w) => (w.length <= room ? [w] : (w.match(new RegExp(`.{1,${room}}`, 'g')) ?? [w])));
  for (const w of pieces) {
    if (line.trim().length > 0 && line.length + w.length + 1 > width) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${w} `;
  }
  lines.push(line.trimEnd());
  return lines;
}

/** One line of text, wrapped at LINE_WIDTH at spaces (continuation lines indented two spaces). */
export function wrap(line: string, width = LINE_WIDTH): string {
  return wrapWords('', line, '  ', width).join('\n');
}

/** A shell command wrapped at LINE_WIDTH with ` \` line continuations, so that it still pastes into a shell. */
export function shellCommand(indent: string, command: string, width = LINE_WIDTH): string[] {
  return wrapWords(indent, command, `${indent}  `, width - 2).map((l, i, all) => (i < all.length - 1 ? `${l} \\` : l));
}
