/// <reference path="../../pb_data/types.d.ts" />
// A reaction counts (is listed to others and published live) only when its member may be counted: the server
// decides, whatever a client sends (votes/counted.js).
onRecordCreate((e) => {
  require(`${__hooks}/votes/counted.js`).decideCounted(e.app, e.record);
  e.next();
}, 'reactions');
