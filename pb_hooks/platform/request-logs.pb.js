/// <reference path="../../pb_data/types.d.ts" />
// PocketBase writes every request to its log database by default; on a busy board that is most of its write
// load and ~20% of a list read's CPU. Chorus logs only the requests that fail (and the app's own warnings
// and errors, as always), by PocketBase's native middleware, so no JS runs per request.
// CHORUS_LOG_SUCCESSFUL_REQUESTS=1 (PocketBase's environment) logs every request again.
if ($os.getenv('CHORUS_LOG_SUCCESSFUL_REQUESTS') !== '1') routerUse($apis.skipSuccessActivityLog());
