import CGtk

/// An animation's frames as a page plays them: the first span comes with the page
/// (`original(from:…)`), the later ones by the index of their first frame from the picture a
/// worker holds open (`AnimationSpans`).
extension ImageDecoder {
    /// The span of `extent`'s frames that starts at `firstFrame`, as many as
    /// `AnimationExtent.spanBytes` holds; nil when the animation has no frame there (a decoder
    /// found fewer than its container counts) or none of them could be had. Blocks on a worker:
    /// call it off the main thread.
    static func animationFrames(
        of bytes: PictureBytes, from firstFrame: Int, extent: AnimationExtent, maxPixels: Int = defaultMaxPixels,
        maxAnimationBytes: Int = defaultMaxAnimationBytes
    ) throws(LoadError) -> DecodedAnimation? {
        guard let spanBytes = extent.spanBytes(within: maxAnimationBytes), (0..<extent.frameCount).contains(firstFrame) else {
            return nil
        }
        let gate = LoaderSizeGate(maxPixels: maxPixels, fit: .inside(maxSide: defaultMaxTextureSide))
        let loaded = try PicturePipeline.picture(bytes, gate: gate, animationBytes: spanBytes, firstFrame: firstFrame)
        return animation(of: loaded, extent: extent, firstFrame: firstFrame, spanBytes: spanBytes)
    }

    /// What a span of frames from `firstFrame` lets in (`DecodeThreads.run`): the still at the
    /// canvas size and the span's frames.
    static func mostPixels(ofAnimation extent: AnimationExtent, maxPixels: Int = defaultMaxPixels,
                           maxAnimationBytes: Int = defaultMaxAnimationBytes) -> Int {
        min(maxPixels, extent.canvas.pixels) + (extent.spanBytes(within: maxAnimationBytes) ?? 0) / 4
    }

    /// The frames a request of `spanBytes` from `firstFrame` brought, decoded at full size
    /// (converted already: `PicturePipeline`); the animation reaches its end among them when
    /// fewer came than the span holds. Nil when the frames are not at the canvas size.
    static func animation(of loaded: DecodedFrame, extent: AnimationExtent, firstFrame: Int, spanBytes: Int) -> DecodedAnimation? {
        guard Int(gdk_pixbuf_get_width(loaded.pointer)) == loaded.declaredWidth,
              Int(gdk_pixbuf_get_height(loaded.pointer)) == loaded.declaredHeight, let frames = loaded.framePixels,
              frames.count * loaded.declaredWidth * loaded.declaredHeight * 4 <= spanBytes else { return nil }
        let (last, overflow) = firstFrame.addingReportingOverflow(frames.count)
        let reachesEnd = overflow || last >= extent.frameCount || frames.count < spanBytes / extent.oneFrameBytes
        return AnimationFrames.textures(of: frames, loopCount: loaded.loopCount, firstFrame: firstFrame, reachesEnd: reachesEnd)
    }
}
