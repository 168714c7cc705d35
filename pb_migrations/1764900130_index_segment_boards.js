/// <reference path="../pb_data/types.d.ts" />
// Segment boards by their segment (issue 59): every member's auth refresh asks whether a segment they are in has a
// board of its own (pb_hooks/site/audience.js); a partial index answers that without reading the boards table.
const INDEX = "CREATE INDEX idx_boards_segment ON boards (segment) WHERE visibility = 'segment'";

migrate(
  (app) => {
    const boards = app.findCollectionByNameOrId('boards');
    boards.indexes.push(INDEX);
    app.save(boards);
  },
  (app) => {
    const boards = app.findCollectionByNameOrId('boards');
    boards.indexes = boards.indexes.filter((existing) => existing !== INDEX);
    app.save(boards);
  },
);
