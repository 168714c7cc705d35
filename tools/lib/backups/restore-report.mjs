// What `npm run restore` prints about a restore: the moment, the sizes and counts, the checks, how to use it.
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** @param {Awaited<ReturnType<typeof import('./restore.mjs').restoreBackup>>} result */
export function restoreReport(result) {
  const { database, files } = result;
  const when = result.writtenAt ? `as of ${result.writtenAt.toISOString()}` : 'as of its latest write';
  const counts = Object.entries(database.counts)
    .map(([label, n]) => `${n.toLocaleString('en')} ${label}`)
    .join(', ');
  const lines = [
    `Restored ${result.from} ${when} (transaction ${result.txid}) into ${result.to}`,
    `  database    ${megabytes(database.bytes)} in ${result.restoredSeconds.toFixed(1)} s; integrity check: ${database.integrity}`,
    `  contents    ${counts}`,
    `  files       ${files.count.toLocaleString('en')} (${megabytes(files.bytes)})`,
  ];
  if (result.servedIdeas !== undefined) {
    lines.push(`  PocketBase  started on it with the migrations and listed ${result.servedIdeas} public ideas`);
    lines.push(`  checked in  ${result.checkedSeconds.toFixed(1)} s`);
  }
  lines.push(
    '',
    'To use it, stop Chorus, then start it on this folder (keep the old data folder aside until you are sure):',
    `  here, with npm start:  PB_DATA_DIR=${result.to} npm start (or move it into place as pb_data/)`,
    '  on a server:           copy it there as the data folder chorus-server uses (CHORUS_DATA, owned by the',
    '                         user it runs as: chown -R chorus: <folder>), with a new CHORUS_REPLICA_DIR, and start it',
  );
  return lines.join('\n');
}
