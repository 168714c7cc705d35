/// <reference path="../pb_data/types.d.ts" />
// A reaction counts (is listed to others and published live) only when its member may be counted: the server
// decides, whatever a client sends (lib/ideas/counted.js).
onRecordCreate((e) => {
  require(`${__hooks}/lib/ideas/counted.js`).decideCounted(e.app, e.record);
  e.next();
}, 'reactions');
