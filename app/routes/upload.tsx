export default function UploadPage() {
  return null;
}
