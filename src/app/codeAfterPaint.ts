/**
 * A prerendered page is whole without its code, so its code starts once the page is painted, or at once when the
 * visitor presses, types or autofills first (docs/decisions/186-real-urls-and-prerendered-pages.md). The build turns React
 * Router's module script into a data block (`type="module-later"`, build/pageHtml.ts); this script, in every page's
 * head, runs it as a module then. The server allows its text by the same hash as before (server/http/inlineScripts.ts).
 * Pages without the block (the app's shell) start their code as React Router wrote it.
 */
export const laterModuleType = 'module-later';

export const codeAfterPaintScript =
  '(function(){var started=0;function start(){var later=document.querySelector(\'script[type="' +
  laterModuleType +
  '"]\');if(started||!later)return;started=1;var script=document.createElement("script");script.type="module";' +
  'script.textContent=later.textContent;document.body.appendChild(script)}' +
  'function whenParsed(run){if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",run);else run()}' +
  'whenParsed(function(){requestAnimationFrame(function(){setTimeout(start,0)})});' +
  '["pointerdown","touchstart","keydown","input"].forEach(function(type){addEventListener(type,function(){whenParsed(start)},{capture:true,once:true,passive:true})})})()';
