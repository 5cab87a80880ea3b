// A small browser on WebKitGTK's own bindings (gir1.2-webkit2-4.1, run by gjs), for WebKitWebDriver to drive.
// WebKit's MiniBrowser will not shrink below 447 px wide (its toolbar); this one is only a window holding the web
// view, so it opens at a phone's 390 × 844. Started by WebKitWebDriver with `--automation`; the window size and the
// folder for the site data (service workers, IndexedDB, cookies) come from the arguments:
//   gjs -m webkit-browser.js --automation --size=390x844 --data-dir=/tmp/x
/* global imports */
imports.gi.versions.Gtk = '3.0';
imports.gi.versions.WebKit2 = '4.1';
const { Gtk, WebKit2 } = imports.gi;
const { programArgs } = imports.system;

const option = (name, fallback) => {
  const found = programArgs.find((arg) => arg.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const [width, height] = option('size', '390x844').split('x').map(Number);
const dataDir = option('data-dir', null);

Gtk.init(null);

const dataManager = dataDir
  ? new WebKit2.WebsiteDataManager({ base_data_directory: `${dataDir}/data`, base_cache_directory: `${dataDir}/cache` })
  : WebKit2.WebsiteDataManager.new_ephemeral();
const context = new WebKit2.WebContext({ website_data_manager: dataManager });
context.set_automation_allowed(programArgs.includes('--automation'));

const windows = [];

/** A top-level window with one web view, as the automation session asks for one. */
function openView() {
  const view = new WebKit2.WebView({ web_context: context, is_controlled_by_automation: true });
  const settings = view.get_settings();
  settings.set_enable_developer_extras(true);
  const window = new Gtk.Window({ title: 'Blockspin test browser' });
  window.set_default_size(width, height);
  window.add(view);
  view.connect('close', () => window.destroy());
  window.connect('destroy', () => {
    windows.splice(windows.indexOf(window), 1);
    if (windows.length === 0) Gtk.main_quit();
  });
  windows.push(window);
  window.show_all();
  return view;
}

context.connect('automation-started', (_context, session) => {
  const info = new WebKit2.ApplicationInfo();
  info.set_name('BlockspinTestBrowser');
  info.set_version(1, 0, 0);
  session.set_application_info(info);
  session.connect('create-web-view', () => openView());
});

if (!programArgs.includes('--automation')) openView().load_uri(programArgs.find((arg) => !arg.startsWith('--')) ?? 'about:blank');
Gtk.main();
