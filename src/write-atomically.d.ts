/** Writes a file through a temporary name and a rename; false when the folder cannot be written. */
export function writeFileAtomically(file: string, data: string | Uint8Array): boolean;
/** Creates a folder of files whole through a temporary folder and a rename; false when it exists already. */
export function writeFolderAtomically(dir: string, files: ReadonlyArray<readonly [name: string, data: string | Uint8Array]>): boolean;
