/// <reference path="../pb_data/types.d.ts" />
// The one hook file PocketBase loads itself (it reads only the top of pb_hooks/): it loads every concept's hook
// files, pb_hooks/<concept>/**/*.pb.js, in the order of their paths, so each concept keeps its hooks and modules
// in one folder by the name of its twin in src/features/ (platform/ holds what no one feature owns).
// tools/lib/hook-files.mjs lists the same files in the same order for the docs and the tests.

/** Every *.pb.js under `dir` (relative to pb_hooks), in the order of their paths. */
function hookFilesUnder(dir) {
  const found = [];
  for (const entry of $os.readDir(`${__hooks}/${dir}`)) {
    const path = dir ? `${dir}/${entry.name()}` : entry.name();
    if (entry.isDir()) found.push(...hookFilesUnder(path));
    else if (dir && entry.name().endsWith('.pb.js')) found.push(path);
  }
  return found;
}

for (const file of hookFilesUnder('').sort()) require(`${__hooks}/${file}`);
