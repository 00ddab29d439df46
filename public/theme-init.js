// Applies the saved (or system) colour scheme before React loads, so there is no flash of the
// wrong theme. The dark-mode machine (machines/darkMode.machine.ts) takes over from here with the
// same rule: 'dark-mode' in localStorage ('true'/'false') wins, else prefers-color-scheme.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('dark-mode');
  } catch {}
  const dark =
    stored === 'true' || stored === 'false'
      ? stored === 'true'
      : matchMedia('(prefers-color-scheme: dark)').matches;
  document.body.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
