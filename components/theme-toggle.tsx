"use client";
// Light/dark switch; the choice is remembered, the default follows the system.
export function ThemeToggle() {
  const toggle = () => {
    const dark = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", dark);
    try {
      localStorage.setItem("parley-theme", dark ? "dark" : "light");
    } catch {
      /* private mode: the switch still works for this page */
    }
  };
  return (
    <button type="button" onClick={toggle} aria-label="Toggle dark mode" title="Toggle dark mode" className="rounded px-1.5 py-1 hover:bg-white/10">
      ◐
    </button>
  );
}
