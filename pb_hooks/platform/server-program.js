// Whether these hooks run in Chorus's own PocketBase program (server/cmd/pocketbase), which counts votes in Go,
// or in a stock PocketBase, which cannot: the Go program marks the app's store when it starts.
const { PROGRAM_KEY } = require(`${__hooks}/platform/contract/hand-offs.js`);

/** 'chorus' in Chorus's PocketBase, 'stock' in any other. */
function serverProgram(app) {
  return app.store().get(PROGRAM_KEY) === 'chorus' ? 'chorus' : 'stock';
}

/** Refuses a vote where nothing would count it, rather than take votes that never reach the idea's count. */
function requireChorusProgram(app) {
  if (serverProgram(app) === 'chorus') return;
  app
    .logger()
    .error(
      "A vote refused: this is a stock PocketBase; Chorus's own program (bin/pocketbase of chorus-server) counts votes",
    );
  throw new ApiError(503, require(`${__hooks}/platform/refusals.js`).refusalText('votesUnavailable'));
}

module.exports = { serverProgram, requireChorusProgram };
