/**
 * Applies the stored theme before the first paint (light unless "dark" is stored). Inline in the
 * page's head: as a script file it held the first paint for a request of its own (Lighthouse's
 * render-blocking audit). The CSP allows exactly this text by its hash (themeInitHash).
 */
export const THEME_INIT_SCRIPT =
  "(function(){var t='light';try{if(localStorage.getItem('theme')==='dark')t='dark'}catch(e){}" +
  "var d=document.documentElement;d.setAttribute('data-theme',t);if(t==='dark')d.classList.add('dark')})();";
