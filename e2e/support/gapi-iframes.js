// A local stand-in for Google's gapi loader (https://apis.google.com/js/api.js) with the part of
// gapi.iframes that the Firebase Auth SDK and the Auth emulator's helper frame use: open a frame,
// ping it, and exchange named messages both ways (postMessage between the shop page and the
// emulator's /emulator/auth/iframe, both on the shop's origin through its proxy). The e2e machine is
// offline, so the tests serve this file where the SDK loads gapi (e2e/support/auth-emulator.ts);
// the Firebase SDK and the emulator run unchanged. Production loads the real gapi.
(function () {
  var KEY = '__shopGapiStandIn';
  var nextId = 1;
  var replies = {};
  var frames = [];

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.queued = {};
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.queued[name] || [];
    delete this.queued[name];
    for (var i = 0; i < waiting.length; i++) this.answer(waiting[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    replies[id] = callback;
    var message = { id: id, name: name, data: data };
    message[KEY] = 'call';
    this.target().postMessage(message, '*');
  };
  Channel.prototype.answer = function (call) {
    var handler = this.handlers[call.name];
    if (!handler) {
      (this.queued[call.name] = this.queued[call.name] || []).push(call);
      return;
    }
    var reply = { id: call.id, result: [handler(call.data)] };
    reply[KEY] = 'reply';
    this.target().postMessage(reply, '*');
  };

  function Frame(element) {
    Channel.call(this, function () {
      return element.contentWindow;
    });
    this.element = element;
    this.ready = false;
    this.pings = [];
    frames.push(this);
  }
  Frame.prototype = Object.create(Channel.prototype);
  Frame.prototype.restyle = function () {
    return Promise.resolve();
  };
  Frame.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () {
        if (callback) callback();
        resolve();
      };
      if (self.ready) done();
      else self.pings.push(done);
    });
  };

  var parentChannel = null;
  function getParentIframe() {
    if (!parentChannel) {
      parentChannel = new Channel(function () {
        return window.parent;
      });
    }
    return parentChannel;
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[KEY]) return;
    var channel = null;
    for (var i = 0; i < frames.length; i++) if (frames[i].element.contentWindow === event.source) channel = frames[i];
    if (!channel && event.source === window.parent && parentChannel) channel = parentChannel;
    if (message[KEY] === 'ready' && channel instanceof Frame) {
      channel.ready = true;
      channel.pings.splice(0).forEach(function (done) {
        done();
      });
    } else if (message[KEY] === 'call' && channel) {
      channel.answer(message);
    } else if (message[KEY] === 'reply') {
      var callback = replies[message.id];
      delete replies[message.id];
      if (callback) callback(message.result);
    }
  });

  var iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    Iframe: Frame,
    getContext: function () {
      return {
        open: function (options, onOpen) {
          var element = document.createElement('iframe');
          var attributes = options.attributes || {};
          Object.keys(attributes).forEach(function (name) {
            if (name === 'style') Object.assign(element.style, attributes.style);
            else element.setAttribute(name, attributes[name]);
          });
          element.src = options.url;
          (options.where || document.body).appendChild(element);
          return Promise.resolve(onOpen(new Frame(element)));
        },
        getParentIframe: getParentIframe,
      };
    },
  };

  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  window.gapi = window.gapi || {};
  window.gapi.load = function (_name, options) {
    window.gapi.iframes = iframes;
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () {
      if (callback) callback();
    }, 0);
  };
  // Inside a frame: tell the opener's side this frame's gapi is loaded (answers its ping).
  if (window.parent !== window) {
    var ready = {};
    ready[KEY] = 'ready';
    window.parent.postMessage(ready, '*');
  }
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
