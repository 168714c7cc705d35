// A one-line progress bar on a terminal; plain "ideas 12/37" lines when the output is not a terminal.
export function createProgress(label, stream = process.stdout) {
  let lastPercent = -1;
  return ({ done, total }) => {
    const percent = total ? Math.floor((done / total) * 100) : 100;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round((percent / 100) * width);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
      if (done === total) stream.write('\n');
    } else if (percent !== lastPercent && (percent % 10 === 0 || done === total)) {
      stream.write(`${label} ${done}/${total}\n`);
    }
    lastPercent = percent;
  };
}
