/** Writes a file through a temporary name and a rename; false when the folder cannot be written. */
export function writeFileAtomically(file: string, data: string | Uint8Array): boolean;
