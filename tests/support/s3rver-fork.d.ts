// @20minutes/s3rver is s3rver's maintained fork, with the same API and no types
// of its own; it checks version 4 signatures, which s3rver 3 never did.
declare module "@20minutes/s3rver" {
  import S3rver from "s3rver";
  export default S3rver;
}
