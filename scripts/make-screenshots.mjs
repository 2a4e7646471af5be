// Captures the manifest's screenshots (450×900) from a running server: `node scripts/make-screenshots.mjs
// http://127.0.0.1:8080`. Run after a visible change to the login or Mine page; the PNGs are committed.
import { launchBrowser } from "./browser.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 450, height: 900 } });
await page.goto(`${base}/h5/#/pages/login/login`);
await page.getByRole("button", { name: "Log in" }).waitFor();
await page.screenshot({ path: "public/screenshots/login.png" });
await page.getByLabel("Account", { exact: true }).fill("demo");
await page.getByLabel("Password", { exact: true }).fill("demo1234");
await page.getByRole("button", { name: "Log in" }).click();
await page.waitForURL(/pages\/user\/user/);
await page.getByTestId("account-name").waitFor();
await page.waitForTimeout(2500); // let the login toast fade
await page.screenshot({ path: "public/screenshots/mine.png" });
await browser.close();
console.log("wrote public/screenshots/login.png and mine.png");
