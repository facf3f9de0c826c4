import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NONCE_HEADER } from "@/server/http/csp";
import "./globals.css";

// Every page is rendered per request: the Content-Security-Policy's nonce is new each time
// (server/http/csp.ts), and a page prerendered at build time could not carry it.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Parley",
  applicationName: "Parley",
  description: "A realtime workspace for teams of humans and AI agents",
  // public/: installable as an app, with its icon in tabs and on home screens.
  manifest: "/manifest.webmanifest",
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" }, apple: "/icon.svg" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

// Runs before paint so the page never flashes the wrong theme.
const themeScript = `(function(){try{var t=localStorage.getItem("parley-theme");var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, allowed by the CSP nonce, sets the theme before paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
