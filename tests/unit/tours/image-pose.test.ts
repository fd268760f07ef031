/** @jest-environment node */
import sharp, { type Sharp } from 'sharp';
import { readPose } from '@/lib/server/tours/image-pose';

const gpano = (attr: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" GPano:ProjectionType="equirectangular" ${attr}/></rdf:RDF></x:xmpmeta>`;

async function metaOf(image: Sharp) {
  const { xmp, exif } = await sharp(await image.jpeg().toBuffer()).metadata();
  return { xmp, exif };
}
const blank = () => sharp({ create: { width: 400, height: 200, channels: 3, background: '#777' } });

describe('where a panorama was taken, from its file', () => {
  it('reads the heading from GPano XMP and the position from EXIF GPS (south and west negative)', async () => {
    const meta = await metaOf(
      blank()
        .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '70/1 39/1 18/10' } })
        .withXmp(gpano('GPano:PoseHeadingDegrees="-30.5"')),
    );
    expect(readPose(meta)).toEqual({ heading: 329.5, latitude: -33.86, longitude: -70.6505 });
  });

  it('reads the heading written as an element, and a northern, eastern position', async () => {
    const xmp = gpano('').replace('/></rdf:RDF>', '><GPano:PoseHeadingDegrees>90</GPano:PoseHeadingDegrees></rdf:Description></rdf:RDF>');
    const meta = await metaOf(blank().withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 30/1' } }).withXmp(xmp));
    expect(readPose(meta)).toEqual({ heading: 90, latitude: 48.13333333, longitude: 11.575 });
  });

  it('gives nothing for a file without them, or with garbage where they should be', async () => {
    expect(readPose(await metaOf(blank()))).toEqual({});
    expect(readPose({ xmp: Buffer.from('GPano:PoseHeadingDegrees="north"'), exif: Buffer.from('Exif\0\0MM\0*\0\0\0\x08\xff\xff') })).toEqual({});
    expect(readPose({ exif: Buffer.alloc(3) })).toEqual({});
  });
});
