import type { BrowserContext } from '@playwright/test';

/**
 * The Firebase web SDK's popup sign-in, and the Auth Emulator's helper iframe, both load Google's
 * `gapi` loader from https://apis.google.com/js/api.js and talk to each other through its
 * `gapi.iframes` channel. The test machines have no internet, so the suite answers that one
 * script with this small stand-in: the same calls (load, getContext, open, getParentIframe,
 * register, send, ping, restyle) carried over window.postMessage. The app, the Firebase SDK and
 * the emulator's account chooser are all real; only Google's transport script is replaced.
 */
function shimSource(onload: string | null): string {
  return `(function () {
  var PROTOCOL = 'meramot-e2e-gapi-shim';
  var FILTER = function () { return true; };
  var seq = 0;

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.buffered = {};
    this.callbacks = {};
    this.ready = false;
    this.readyWaiters = [];
  }
  Channel.prototype.post = function (msg) {
    msg.p = PROTOCOL;
    var w = this.target();
    if (w) w.postMessage(msg, '*');
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.buffered[name] || [];
    delete this.buffered[name];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i]);
  };
  Channel.prototype.unregister = function (name) { delete this.handlers[name]; };
  Channel.prototype.send = function (name, data, callback) {
    var id = ++seq;
    if (callback) this.callbacks[id] = callback;
    this.post({ kind: 'send', name: name, data: data, id: id });
  };
  Channel.prototype.answer = function (msg) {
    var self = this;
    Promise.resolve(this.handlers[msg.name](msg.data)).then(function (result) {
      self.post({ kind: 'reply', id: msg.id, result: [result] });
    });
  };
  Channel.prototype.receive = function (msg) {
    if (msg.kind === 'ready') {
      this.ready = true;
      this.readyWaiters.splice(0).forEach(function (f) { f(); });
    } else if (msg.kind === 'send') {
      if (this.handlers[msg.name]) this.answer(msg);
      else (this.buffered[msg.name] = this.buffered[msg.name] || []).push(msg);
    } else if (msg.kind === 'reply') {
      var cb = this.callbacks[msg.id];
      delete this.callbacks[msg.id];
      if (cb) cb(msg.result);
    }
  };
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () { if (callback) callback(); resolve(); };
      if (self.ready) done(); else self.readyWaiters.push(done);
    });
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };

  var parentChannel = null;
  var context = {
    open: function (options, callback) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (key) {
        if (key === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(key, attributes[key]);
      });
      var channel = new Channel(function () { return frame.contentWindow; });
      window.addEventListener('message', function (e) {
        if (e.source === frame.contentWindow && e.data && e.data.p === PROTOCOL) channel.receive(e.data);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return Promise.resolve(callback ? callback(channel) : channel);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () { return window.parent; });
        window.addEventListener('message', function (e) {
          if (e.source === window.parent && e.data && e.data.p === PROTOCOL) parentChannel.receive(e.data);
        });
        parentChannel.post({ kind: 'ready' });
      }
      return parentChannel;
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = { Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: FILTER, getContext: function () { return context; } };
  window.gapi.load = function (name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };
  ${onload ? `if (typeof window[${JSON.stringify(onload)}] === 'function') window[${JSON.stringify(onload)}]();` : ''}
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();`;
}

/** Answers https://apis.google.com/js/api.js with the stand-in, for every page and frame of the context. */
export async function installGapiShim(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) => {
    const onload = new URL(route.request().url()).searchParams.get('onload');
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: shimSource(onload) });
  });
  // The emulator's account chooser pulls styles and fonts from the internet; it works without them.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}
