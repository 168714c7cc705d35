// The launcher's and panel frame's CSS, inside the loader's shadow root. `:host` is reset with
// !important (a shadow root's important rules beat the host page's), and every size is in px so
// the host page's fonts and sizes cannot reach in.
export const WIDGET_STYLES = `
:host{all:initial!important;position:fixed!important;z-index:2147483000!important;inset:auto!important}
.launcher,.panel{position:fixed;bottom:20px;box-sizing:border-box;margin:0}
.right{right:20px}.left{left:20px}
.launcher{display:flex;align-items:center;gap:8px;min-height:48px;padding:0 18px;border:0;border-radius:24px;
background:#5b4bdb;color:#fff;font:600 15px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
letter-spacing:normal;text-transform:none;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25)}
.launcher:focus-visible{outline:3px solid #1d1b4b;outline-offset:3px}
.badge{min-width:20px;height:20px;padding:0 6px;border-radius:10px;background:#fff;color:#3b2fb0;
font:700 12px/20px system-ui,sans-serif;text-align:center;box-sizing:border-box}
.badge[hidden],.panel[hidden]{display:none}
.panel{bottom:80px;width:400px;max-width:calc(100vw - 40px);height:640px;max-height:calc(100vh - 100px);
border-radius:12px;overflow:hidden;background:#fff;box-shadow:0 8px 32px rgba(0,0,0,.3)}
iframe{display:block;width:100%;height:100%;border:0;margin:0;padding:0}
iframe.checking{visibility:hidden}
.panel.refused{height:auto}
.notice{margin:0;padding:24px;color:#1d1b4b;font:400 15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
`;
