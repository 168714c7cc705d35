/// <reference path="../pb_data/types.d.ts" />
// A board visible only to a segment (issue #24): `visibility = "segment"` and the segment it is for. Its
// rules come in 1764420010_update_rules_segment_boards.js. A deleted segment leaves the board's segment
// empty: then only staff see it (nobody is in no segment).
migrate(
  (app) => {
    const boards = app.findCollectionByNameOrId('boards');
    const segments = app.findCollectionByNameOrId('segments');
    boards.fields.getByName('visibility').values = ['public', 'members', 'staff', 'segment'];
    boards.fields.add(
      new RelationField({ name: 'segment', collectionId: segments.id, maxSelect: 1, cascadeDelete: false }),
    );
    app.save(boards);
  },
  (app) => {
    app.db().newQuery("UPDATE boards SET visibility = 'staff' WHERE visibility = 'segment'").execute();
    const boards = app.findCollectionByNameOrId('boards');
    boards.fields.removeByName('segment');
    boards.fields.getByName('visibility').values = ['public', 'members', 'staff'];
    app.save(boards);
  },
);
