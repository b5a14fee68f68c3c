#!/usr/bin/env node
// Makes sure the browser the console's tests drive is on the machine: playwright-core ships no browser,
// and its own downloader needs a CDN this project does not rely on. Debian's `chromium` is installed
// with apt when it is missing and we may (root); otherwise the error says what to do.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  if (fs.existsSync(wanted)) return wanted;
  if (wanted !== DEBIAN_CHROMIUM) {
    // Installing Debian's package would not create a custom path.
    throw new Error(`CHROMIUM_PATH is ${wanted}, which does not exist; fix it or unset it`);
  }
  const howTo =
    'install it (Debian/Ubuntu: sudo apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium';
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`Chromium is missing at ${DEBIAN_CHROMIUM} and this is not root: ${howTo}`);
  }
  if (!commandExists('apt-get')) {
    throw new Error(`Chromium is missing at ${DEBIAN_CHROMIUM} and there is no apt-get here: ${howTo}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for the dpkg lock rather than failing when another apt run holds it.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  console.log(
    `[chromium] ${DEBIAN_CHROMIUM} is missing: running apt-get update && apt-get install -y chromium`,
  );
  execFileSync('apt-get', [...lockWait, 'update'], { stdio: 'inherit', env });
  execFileSync('apt-get', [...lockWait, 'install', '-y', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync(DEBIAN_CHROMIUM)) {
    throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing`);
  }
  console.log(`[chromium] installed: ${execFileSync(DEBIAN_CHROMIUM, ['--version']).toString().trim()}`);
  return DEBIAN_CHROMIUM;
}

function commandExists(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (require.main === module) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(`[chromium] ${error.message}`);
    process.exit(1);
  }
}

module.exports = { ensureChromium };
