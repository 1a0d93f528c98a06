// The npm `solc` package ships no types; this is the one call the scripts make.
declare module 'solc' {
  const solc: {
    /** Standard JSON in, standard JSON out. */
    compile(input: string): string;
  };
  export default solc;
}
