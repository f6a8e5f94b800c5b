// write-file-atomic ships no types; this is the part of its API the durable store uses.
declare module 'write-file-atomic' {
  interface Options {
    /** fsync the temp file before the rename (the default, and what we rely on). */
    fsync?: boolean;
    mode?: number;
    encoding?: BufferEncoding;
  }
  function writeFileAtomic(file: string, data: string | Uint8Array, options?: Options): Promise<void>;
  export default writeFileAtomic;
}
