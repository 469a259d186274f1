import Foundation

/// The loader that runs every step in this process: the worker's own (it is the sandbox), and
/// the app's only where isolation is off (`DecoderIsolation.inProcess`: the benchmark's
/// in-process runs, fuzzers). Each call opens the picture anew; a worker keeps the pictures it
/// opened instead (`OpenedPictures`) and calls the same steps on them.
struct InProcessPictureLoader: PictureLoader {
    func open(_ bytes: PictureBytes, cancellation: DecodeCancellation?) -> PictureMetadata? {
        MetadataReading.read(bytes.data)
    }

    func frame(_ bytes: PictureBytes, _ request: FrameRequest, gate: LoaderSizeGate) throws(LoadError) -> DecodedFrame? {
        guard let data = bytes.allBytes else { return nil } // an arriving file cut since: nothing to draw
        let (frame, refusedBy) = DecoderRefusal.tracking { () throws(LoadError) in
            try PicturePipeline.frame(OpenedPicture(data, arriving: !bytes.complete), request, gate: gate, arriving: !bytes.complete)
        }
        gate.cancellation?.refusedBy = refusedBy
        return try frame.get()
    }

    func edit(_ bytes: PictureBytes, _ edit: PictureEdit, maxPixels: Int) throws(LoadError) -> TurnedCopy.File {
        try TurnedCopy.make(OpenedPicture(bytes.data), turn: edit.turn, crop: edit.crop, maxPixels: maxPixels)
    }

    func links(_ data: Data, cancellation: DecodeCancellation) -> LinksRead? {
        let document = LinksDocument.read(data)
        return LinksRead(document: document, reply: LinksReply.encode(document))
    }
}
