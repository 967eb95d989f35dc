/**
 * `/js/telegram-login.js`: what react-auth 2.25 loads from its API origin for Telegram sign-in (docs/decisions.md "The reference React SDK"). Our own
 * equivalent of the Login Widget's script API, `Telegram.Login.auth(options, callback)`: it opens the widget's
 * `/auth` page on the Telegram OAuth host (TESSERA_TELEGRAM_OAUTH_URL, e.g. the dev stand-in; default Telegram's)
 * and hands the callback the signed result posted by that popup only, or false when it is closed.
 */
import { Hono } from 'hono'

export const TELEGRAM_LOGIN_SCRIPT_PATH = '/js/telegram-login.js'
const TELEGRAM_OAUTH_URL = 'https://oauth.telegram.org'
/** A popup reads as closed as soon as it calls close(), maybe before its last message arrives: wait that long for it. */
const CLOSED_GRACE_MS = 300

export function telegramLoginScript(oauthHost: string): string {
  return `(function () {
  var host = ${JSON.stringify(new URL(oauthHost).origin)};
  function auth(options, callback) {
    var url = new URL('/auth', host);
    url.searchParams.set('bot_id', String(options.bot_id));
    url.searchParams.set('origin', window.location.origin);
    if (options.request_access) url.searchParams.set('request_access', 'write');
    url.searchParams.set('lang', options.lang || 'en');
    var popup = window.open(url.href, 'telegram_oauth_bot' + options.bot_id, 'width=550,height=470');
    var finished = false;
    var closedCheck;
    function finish(result) {
      if (finished) return;
      finished = true;
      clearInterval(closedCheck);
      window.removeEventListener('message', onMessage);
      callback(result || false);
    }
    function onMessage(event) {
      if (!popup || event.source !== popup || event.origin !== host) return;
      var data;
      try { data = JSON.parse(event.data); } catch (error) { return; }
      if (data && data.event === 'auth_result') finish(data.result);
    }
    window.addEventListener('message', onMessage);
    closedCheck = setInterval(function () {
      if (!popup || popup.closed) { clearInterval(closedCheck); setTimeout(function () { finish(false); }, ${CLOSED_GRACE_MS}); }
    }, 100);
  }
  window.Telegram = window.Telegram || {};
  window.Telegram.Login = { auth: auth };
})();
`
}

export function telegramLoginScriptRoutes(env: NodeJS.ProcessEnv = process.env) {
  const script = telegramLoginScript(env.TESSERA_TELEGRAM_OAUTH_URL || TELEGRAM_OAUTH_URL)
  return new Hono().get(TELEGRAM_LOGIN_SCRIPT_PATH, (c) => {
    c.header('content-type', 'text/javascript; charset=utf-8')
    c.header('cache-control', 'public, max-age=3600')
    return c.body(script)
  })
}
