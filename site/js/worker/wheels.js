// Installing wheels: the core and lesson wheels at boot (boot.js), and a later lesson's
// (addPackages). The wheels are pure Python, so unpacking them is the whole install
// (pyodide.loadPackage does the same plus bookkeeping, which is slow after a snapshot boot).
import { unpackWheels } from "./interpreter.js";

/** The bytes at `url` (a Uint8Array). Rejects when it does not answer 2xx. */
export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Another lesson opened in the page needs these wheels and packages (its `runtime`): unpack
 * the wheels this Python lacks, once booted (state.booted), and name the packages in the
 * session's hint for ModuleNotFoundError. Rejects when a wheel cannot be fetched or unpacked.
 */
export async function addPackages(state, { baseURL, wheels, packages }) {
  const python = await state.booted;
  const missing = wheels.filter((path) => !python.wheels.has(path));
  const downloads = await Promise.all(missing.map((path) => fetchBytes(new URL(path, baseURL).href)));
  unpackWheels(python.pyodide, python.sitePackages, missing, downloads);
  for (const path of missing) python.wheels.add(path);
  for (const name of packages) python.packages.add(name);
  const names = python.pyodide.toPy([...python.packages]);
  state.session.available_packages = names;
  names.destroy();
}
