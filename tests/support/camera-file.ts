// The generated camera JPEG (cameraJpeg: GPS, EXIF, a time zone, orientation 6)
// shared by a test file's tests: made before the first, removed after the
// last, with the club's metadata reader closed so no exiftool outlives the file.
import { closeExiftool } from "~/images/exif.server";
import { cameraJpeg, type CameraFile } from "./images";
import { sharedResource } from "./shared-resource";

export function useCameraJpeg(): CameraFile {
  return sharedResource(
    () => cameraJpeg(),
    async (camera) => {
      await camera.cleanup();
      await closeExiftool();
    },
  );
}
