'use strict';
// The page's one inline script, shared by the preset (which writes it into the host's page, first in
// its head), the header policy (which allows exactly it, by its hash) and the host (which takes the
// clicks it kept). A prerendered page shows controls before any of its code has arrived; a click on
// one in that time would be lost, so this keeps it from the first paint, at no request's cost, until
// the host has rendered and clicks each kept control again. Links are left alone: they work as links.
// Plain JavaScript with no imports, so every reader (CommonJS, the browser, Node) takes it as it is.

/**
 * Where the kept clicks wait for the host: `{ targets, stop, except }`. `except(element)`: a part of
 * the page that answers its own clicks from now on (the opening area, hydrated before the shell);
 * clicks in it are no longer kept.
 */
const EARLY_CLICKS_GLOBAL = '__mfeEarlyClicks';

/** What a kept click may be on: a control whose action is the page's script's. */
const EARLY_CLICKS_CONTROL = 'button, [role="button"], input[type="submit"], input[type="button"]';

/**
 * The inline script. Its default (a form's submission) must not run before the page's own handler
 * does; the last click on a control is the one the person meant, so one replay per control.
 */
const EARLY_CLICKS_SCRIPT = `(function(){var w=window,k=${JSON.stringify(EARLY_CLICKS_GLOBAL)};if(w[k])return;var t=[];function h(e){var r=document.getElementById("root"),s=e.target,c=s&&s.closest&&s.closest(${JSON.stringify(EARLY_CLICKS_CONTROL)});if(!r||!c||!r.contains(c)||c.closest("a[href]")||x&&x.contains(c))return;e.preventDefault();if(t.indexOf(c)<0)t.push(c)}var x=null;document.addEventListener("click",h,true);w[k]={targets:t,stop:function(){document.removeEventListener("click",h,true)},except:function(e){x=e}}})();`;

module.exports = { EARLY_CLICKS_CONTROL, EARLY_CLICKS_GLOBAL, EARLY_CLICKS_SCRIPT };
