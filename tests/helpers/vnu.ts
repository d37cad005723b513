import { execFile } from "node:child_process";
import { createRequire } from "node:module";

/** The Nu Html Checker's jar, shipped inside the vnu-jar package. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

export interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs vnu over files; resolves with its JSON report (it exits 1 when it finds errors). */
export function vnu(files: string[]): Promise<{ messages: VnuMessage[] }> {
  return new Promise((resolve, reject) => {
    execFile("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(new Error("No `java` found for the Nu Html Checker: install a Java runtime, e.g. `apt-get install -y default-jre-headless`."));
        return;
      }
      try {
        resolve(JSON.parse(stderr || stdout));
      } catch {
        reject(new Error(`vnu gave no JSON report: ${stderr || stdout || error?.message}`));
      }
    });
  });
}
